// Thermographs drawn as SVG (api/pictures.hpp).
#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "api/pictures.hpp"
#include "svg_text.hpp"

namespace api {

namespace {

using cgt::Dyadic;
using cgt::Thermograph;
using cgt::Trajectory;

// Drawing coordinates only; the labels print the exact dyadic values.
double approx(const Dyadic& d) {
  return std::ldexp(static_cast<double>(d.numerator()), -d.exponent());
}

// The picture's size and margins, and the scales from values and temperatures to drawing
// coordinates (values decrease to the right: Left's larger values on the left).
struct Frame {
  static constexpr double W = 720, H = 520, ml = 80, mr = 40, mt = 60, mb = 70;
  double t0 = -1, t1 = 1, vmin = 0, vmax = 1;
  double X(double v) const { return ml + (vmax - v) / (vmax - vmin) * (W - ml - mr); }
  double Y(double t) const { return H - mb - (t - t0) / (t1 - t0) * (H - mt - mb); }
};

Frame frame_of(const Thermograph& th) {
  const Dyadic tmin = Dyadic::from_int(-1);
  const Dyadic ttop = th.temperature < Dyadic() ? Dyadic() : th.temperature;
  Frame f;
  f.t1 = approx(ttop) + std::max(1.0, (approx(ttop) + 1) / 3);
  // Left walls never lean right as t grows and right walls never lean left, so the extreme
  // values are at t = -1.
  f.vmax = std::max(approx(th.left_wall.at(tmin)), approx(th.mast));
  f.vmin = std::min(approx(th.right_wall.at(tmin)), approx(th.mast));
  const double pad = std::max(0.5, (f.vmax - f.vmin) * 0.1);
  f.vmax += pad;
  f.vmin -= pad;
  return f;
}

// The title lines and the two axes with their names.
void draw_axes(std::ostream& os, const Thermograph& th, const std::string& title) {
  const double W = Frame::W, H = Frame::H, ml = Frame::ml, mr = Frame::mr, mt = Frame::mt,
               mb = Frame::mb;
  os << "<text x=\"" << W / 2 << "\" y=\"24\" text-anchor=\"middle\" font-size=\"16\">"
     << xml_escape("Thermograph of " + title) << "</text>\n";
  os << "<text x=\"" << W / 2 << "\" y=\"44\" text-anchor=\"middle\">"
     << xml_escape("mean " + th.mast.to_string() + ", temperature " + th.temperature.to_string())
     << "</text>\n";
  const double ax_y = H - mb, ax_x = ml;
  os << "<line x1=\"" << ax_x << "\" y1=\"" << ax_y << "\" x2=\"" << W - mr << "\" y2=\"" << ax_y
     << "\" stroke=\"black\"/>\n";
  os << "<line x1=\"" << ax_x << "\" y1=\"" << ax_y << "\" x2=\"" << ax_x << "\" y2=\"" << mt
     << "\" stroke=\"black\"/>\n";
  os << "<text x=\"" << (ml + W - mr) / 2 << "\" y=\"" << H - 20
     << "\" text-anchor=\"middle\">value (Left: larger, to the left)</text>\n";
  os << "<text x=\"20\" y=\"" << (mt + H - mb) / 2
     << "\" text-anchor=\"middle\" transform=\"rotate(-90 20 " << (mt + H - mb) / 2
     << ")\">temperature</text>\n";
}

// Ticks at every breakpoint, the mean and t = -1, 0, labelled where they do not crowd.
void draw_ticks(std::ostream& os, const Frame& f, const Thermograph& th) {
  const double ax_y = Frame::H - Frame::mb, ax_x = Frame::ml;
  std::vector<Dyadic> vt{th.mast}, tt{Dyadic::from_int(-1), Dyadic(), th.temperature};
  for (const Trajectory* w : {&th.left_wall, &th.right_wall}) {
    for (size_t i = 0; i < w->temps.size(); ++i) {
      vt.push_back(w->values[i]);
      tt.push_back(w->temps[i]);
    }
  }
  std::sort(vt.begin(), vt.end());
  vt.erase(std::unique(vt.begin(), vt.end()), vt.end());
  std::sort(tt.begin(), tt.end());
  tt.erase(std::unique(tt.begin(), tt.end()), tt.end());
  double last_x = -1e9;
  for (auto it = vt.rbegin(); it != vt.rend(); ++it) {
    const double x = f.X(approx(*it));
    os << "<line x1=\"" << x << "\" y1=\"" << ax_y << "\" x2=\"" << x << "\" y2=\"" << ax_y + 6
       << "\" stroke=\"black\"/>\n";
    if (x - last_x >= 28) {
      os << "<text x=\"" << x << "\" y=\"" << ax_y + 20 << "\" text-anchor=\"middle\">"
         << it->to_string() << "</text>\n";
      last_x = x;
    }
  }
  double last_y = 1e9;
  for (const Dyadic& t : tt) {
    const double y = f.Y(approx(t));
    os << "<line x1=\"" << ax_x - 6 << "\" y1=\"" << y << "\" x2=\"" << ax_x << "\" y2=\"" << y
       << "\" stroke=\"black\"/>\n";
    if (last_y - y >= 14) {
      os << "<text x=\"" << ax_x - 10 << "\" y=\"" << y + 4 << "\" text-anchor=\"end\">"
         << t.to_string() << "</text>\n";
      last_y = y;
    }
    os << "<line x1=\"" << ax_x << "\" y1=\"" << y << "\" x2=\"" << Frame::W - Frame::mr
       << "\" y2=\"" << y << "\" stroke=\"#dddddd\"/>\n";
  }
}

// The two walls up to the mast, the mast, and their key.
void draw_walls(std::ostream& os, const Frame& f, const Thermograph& th) {
  auto wall = [&](const Trajectory& w, const char* colour) {
    os << "<polyline fill=\"none\" stroke=\"" << colour << "\" stroke-width=\"2\" points=\"";
    for (size_t i = 0; i < w.temps.size(); ++i)
      os << f.X(approx(w.values[i])) << "," << f.Y(approx(w.temps[i])) << " ";
    os << f.X(approx(th.mast)) << "," << f.Y(approx(th.temperature)) << "\"/>\n";
  };
  wall(th.left_wall, "#1f5fbf");
  wall(th.right_wall, "#c0392b");
  os << "<line x1=\"" << f.X(approx(th.mast)) << "\" y1=\"" << f.Y(approx(th.temperature))
     << "\" x2=\"" << f.X(approx(th.mast)) << "\" y2=\"" << Frame::mt
     << "\" stroke=\"black\" stroke-width=\"3\"/>\n";
  os << "<text x=\"" << Frame::W - Frame::mr << "\" y=\"" << Frame::mt - 4
     << "\" text-anchor=\"end\"><tspan fill=\"#1f5fbf\">left wall</tspan>  "
        "<tspan fill=\"#c0392b\">right wall</tspan>  mast</text>\n";
}

}  // namespace

std::string thermograph_svg(const cgt::Thermograph& th, const std::string& title) {
  const Frame f = frame_of(th);
  std::ostringstream os;
  os.setf(std::ios::fixed);
  os.precision(2);
  os << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << Frame::W << "\" height=\""
     << Frame::H << "\" viewBox=\"0 0 " << Frame::W << " " << Frame::H
     << "\" font-family=\"sans-serif\" font-size=\"12\">\n";
  os << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  draw_axes(os, th, title);
  draw_ticks(os, f, th);
  draw_walls(os, f, th);
  os << "</svg>\n";
  return os.str();
}

}  // namespace api
