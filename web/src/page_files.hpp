#pragma once
// The board page's files (web/page/), compiled in by web/CMakeLists.txt.
#include <string_view>
#include <vector>

namespace web {

struct PageFile {
  std::string_view path;  // "/index.html", "/app.js", "/style.css"
  std::string_view content;
};
const std::vector<PageFile>& page_files();

}  // namespace web
