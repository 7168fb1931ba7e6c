// `konane serve` (web/server.hpp): the API answers exactly what the CLI's --json prints, bad
// requests are HTTP 400 with the CLI's message, searches are bounded, and a real server on a
// free port answers several clients at once and stops when asked. No timing: searches stop by
// node budget, and the concurrency test only needs both answers to arrive.
#include <gtest/gtest.h>
#include <httplib.h>

#include <algorithm>
#include <future>
#include <sstream>
#include <thread>

#include "api/json.hpp"
#include "api/verbs.hpp"
#include "web/server.hpp"

namespace {

web::ServeOptions options() {
  web::ServeOptions o;
  o.threads = 2;
  o.memory_mib = 64;
  // No clock in any verdict: the searches here end on their own or by node budget.
  o.default_seconds = o.max_seconds = 1e6;
  return o;
}

web::Reply get(std::string_view path, web::Params p) {
  return web::answer(path, p, options());
}

template <class A>
std::string cli_json(const A& a) {
  std::ostringstream os;
  api::JsonWriter j(os);
  api::write_json(j, a);
  return os.str();
}

// The answer without its wall-clock figure, which no two runs share.
std::string without_seconds(std::string json) {
  const auto at = json.find("\"seconds\":");
  if (at == std::string::npos) return json;
  const auto end = json.find_first_of(",}", at);
  return json.erase(at, end - at);
}

TEST(Serve, AnswersAsTheCliPrints) {
  api::PositionRequest r;
  r.position = "xoxo/oxox/x..o/oxox";
  EXPECT_EQ(get("/api/moves", {{"position", r.position}}).body, cli_json(*api::moves(r)));
  api::Limits l;
  l.threads = 1;
  l.timeout_seconds = 0;  // none, as the server's here
  l.memory_mib = 32;
  EXPECT_EQ(without_seconds(get("/api/solve", {{"position", r.position}}).body),
            without_seconds(cli_json(*api::solve(r, l))));
  api::PositionRequest c;
  c.game = "clobber";
  c.position = "xo.|.ox";
  c.to_move = core::Side::Right;
  const auto v =
      get("/api/value", {{"game", "clobber"}, {"position", c.position}, {"to_move", "w"}});
  EXPECT_EQ(v.status, 200);
  EXPECT_EQ(without_seconds(v.body), without_seconds(cli_json(*api::value(c, l))));
  const auto after = get("/api/moves", {{"position", r.position}, {"moves", "c4-c2"}});
  EXPECT_NE(after.body.find("\"to_move\":\"white\""), std::string::npos) << after.body;
}

TEST(Serve, BadRequestsAreRefusedWithTheReason) {
  const std::pair<web::Params, std::string> cases[] = {
      {{}, "missing parameter 'position'"},
      {{{"position", "xq"}}, "bad position: unknown character 'q'"},
      {{{"position", "xo."}, {"game", "chess"}}, "unknown game"},
      {{{"position", "xo."}, {"to_move", "red"}}, "bad to_move 'red'"},
      {{{"position", "xo."}, {"depth", "3"}}, "unknown parameter 'depth'"},
      {{{"position", "xo."}, {"timeout", "0"}}, "bad timeout '0'"},
      {{{"position", "xo."}, {"timeout", "1e9"}}, "bad timeout '1e9'"},
      {{{"position", "xo."}, {"timeout", "soon"}}, "bad timeout 'soon'"},
      {{{"position", "xo."}, {"node_budget", "-1"}}, "bad node_budget '-1'"},
      {{{"position", std::string(5000, 'x')}}, "longer than 4096 characters"},
      {{{"position", "xo."}, {"position", "ox."}}, "given twice"},
  };
  for (const auto& [params, why] : cases) {
    const auto r = get("/api/solve", params);
    EXPECT_EQ(r.status, 400) << why;
    EXPECT_EQ(r.body.rfind("{\"error\":", 0), 0u) << r.body;
    EXPECT_NE(r.body.find(why), std::string::npos) << r.body;
  }
  EXPECT_EQ(get("/api/moves", {{"position", "xo."}, {"timeout", "1"}}).status, 400);
  EXPECT_EQ(get("/api/value", {{"game", "ringboard"}, {"position", "start"}}).status, 400);
  EXPECT_EQ(get("/api/play", {{"position", "xo."}}).status, 404);
}

TEST(Serve, GamesAndWholeGamesFromTheirStart) {
  const auto games = get("/api/games", {});
  EXPECT_EQ(games.status, 200);
  for (const char* g : {"\"konane\"", "\"ringboard\"", "\"clobber\"", "\"domineering\""})
    EXPECT_NE(games.body.find(g), std::string::npos) << games.body;
  const auto show = get("/api/show", {{"board", "6x6"}, {"opening", "standard"}});
  EXPECT_EQ(show.status, 200) << show.body;
  EXPECT_NE(show.body.find("\"phase\":\"black_removal\""), std::string::npos) << show.body;
  const auto moves =
      get("/api/moves", {{"board", "6x6"}, {"opening", "standard"}, {"moves", "c4"}});
  EXPECT_NE(moves.body.find("\"to_move\":\"white\""), std::string::npos) << moves.body;
  EXPECT_EQ(get("/api/show", {{"board", "6x6"}, {"position", "xo."}}).status, 400);
  EXPECT_EQ(get("/api/show", {{"position", "xo."}, {"opening", "any"}}).status, 400);
  EXPECT_EQ(get("/api/games", {{"game", "konane"}}).status, 400);
}

TEST(Serve, EverySearchIsBounded) {
  // 6x6 after the opening takes far more than one node: the budget stops it, and says so.
  const auto r = get("/api/solve", {{"position", "xoxoxo/oxoxox/xo..xo/oxoxox/xoxoxo/oxoxox w"},
                                    {"node_budget", "1"}});
  EXPECT_EQ(r.status, 200);
  EXPECT_NE(r.body.find("\"complete\":false"), std::string::npos) << r.body;
  EXPECT_NE(r.body.find("node budget"), std::string::npos) << r.body;
}

// The engine's move where perfect play is proved is one of the winning moves solve lists (a
// separate path through the facade); with strength=heuristic it is a legal move.
TEST(Serve, TheEnginePlaysAWinningMoveOrTheHeuristicsChoice) {
  api::PositionRequest r;
  // Black to move wins here (solve says so), so the engine must play one of solve's moves.
  r.position = "xoxox/oxoxo/x..ox/oxoxo/xoxox b";
  api::Limits l;
  l.memory_mib = 64;
  const auto solved = api::solve(r, l);
  ASSERT_TRUE(solved && solved->winner == core::Winner::Left);
  const auto e = get("/api/engine", {{"position", r.position}});
  ASSERT_EQ(e.status, 200) << e.body;
  bool listed = false;
  for (const auto& m : solved->winning_moves)
    listed = listed || e.body.find("\"move\":\"" + m + "\"") != std::string::npos;
  EXPECT_TRUE(listed) << e.body;
  EXPECT_NE(e.body.find("\"perfect\":true"), std::string::npos) << e.body;
  const auto h = get("/api/engine", {{"position", r.position}, {"strength", "heuristic"}});
  ASSERT_EQ(h.status, 200) << h.body;
  const auto legal = *api::moves(r);
  const auto at = h.body.find("\"move\":\"") + 8;
  const std::string chosen = h.body.substr(at, h.body.find('"', at) - at);
  EXPECT_NE(std::find(legal.moves.begin(), legal.moves.end(), chosen), legal.moves.end()) << chosen;
  EXPECT_NE(h.body.find("heuristic"), std::string::npos);
  // White removes first when asked (a match's second game).
  const auto w =
      get("/api/engine", {{"board", "4x4"}, {"to_move", "white"}, {"node_budget", "100000"}});
  ASSERT_EQ(w.status, 200) << w.body;
  const auto first = get("/api/moves", {{"board", "4x4"}, {"to_move", "white"}});
  const auto wm = w.body.find("\"move\":\"") + 8;
  EXPECT_NE(first.body.find("\"" + w.body.substr(wm, w.body.find('"', wm) - wm) + "\""),
            std::string::npos)
      << w.body << first.body;
}

TEST(Serve, AnalysisAndRecords) {
  // A 4x4 game's start: black's removal at a4 loses anyway (4x4 Konane is a second-player
  // win after the standard removals, as solve says of the position below).
  const auto a = get("/api/analyse", {{"board", "4x4"}, {"moves", "a4,a3"}});
  ASSERT_EQ(a.status, 200) << a.body;
  EXPECT_EQ(a.body.find("\"file\""), std::string::npos);
  EXPECT_NE(a.body.find("\"plies\":2"), std::string::npos) << a.body;
  EXPECT_NE(a.body.find("\"mistakes\":{\"black\":0,\"white\":0}"), std::string::npos) << a.body;
  const auto illegal = get("/api/analyse", {{"board", "4x4"}, {"moves", "a4,a1"}});
  EXPECT_EQ(illegal.status, 400);
  EXPECT_NE(illegal.body.find("move 2"), std::string::npos) << illegal.body;
  std::string many;
  for (int i = 0; i < 301; ++i) many += "a4,";
  const auto huge = get("/api/analyse", {{"board", "4x4"}, {"moves", many}});
  EXPECT_EQ(huge.status, 400);
  EXPECT_NE(huge.body.find("more than the 300"), std::string::npos) << huge.body;
  EXPECT_EQ(get("/api/solve", {{"position", "xo."}, {"strength", "perfect"}}).status, 400);
  EXPECT_EQ(get("/api/engine", {{"position", "xo."}, {"strength", "strong"}}).status, 400);

  const auto rec =
      get("/api/record", {{"text", "# game: konane\n# board: 4x4\n# first: white\nb2 a1\n"}});
  ASSERT_EQ(rec.status, 200) << rec.body;
  EXPECT_EQ(rec.body,
            "{\"game\":\"konane\",\"board\":\"4x4\",\"opening\":null,\"first\":\"white\","
            "\"position\":null,\"black\":null,\"white\":null,\"date\":null,\"result\":null,"
            "\"moves\":[\"b2\",\"a1\"]}\n");
  const auto bad = get("/api/record", {{"text", "a4\n# board: 4x4\n"}});
  EXPECT_EQ(bad.status, 400);
  EXPECT_NE(bad.body.find("line 2"), std::string::npos) << bad.body;
  EXPECT_EQ(get("/api/record", {}).status, 400);
  EXPECT_EQ(get("/api/record", {{"text", std::string(9000, ' ')}}).status, 400);
  EXPECT_EQ(get("/api/record", {{"text", "a4"}, {"game", "konane"}}).status, 400);
}

TEST(Serve, ARealServerAnswersClientsAtOnceAndStops) {
  web::ServeOptions o = options();
  o.port = 0;
  EXPECT_EQ(o.host, "127.0.0.1");
  EXPECT_TRUE(web::is_loopback(o.host));
  EXPECT_FALSE(web::is_loopback("0.0.0.0"));
  web::Server server(o);
  const auto port = server.bind();
  ASSERT_TRUE(port) << port.error().message;
  std::thread running([&] { server.run(); });
  auto ask = [&](const std::string& path) {
    httplib::Client client("127.0.0.1", *port);
    const auto res = client.Get(path);
    return res ? std::pair{res->status, res->body} : std::pair{-1, std::string()};
  };
  auto a = std::async(std::launch::async, ask, "/api/solve?position=xoxo/oxox/x..o/oxox");
  auto b = std::async(std::launch::async, ask, "/api/value?game=domineering&position=..|..");
  const auto ra = a.get(), rb = b.get();
  EXPECT_EQ(ra.first, 200) << ra.second;
  EXPECT_NE(ra.second.find("\"winner\":\"white\""), std::string::npos) << ra.second;
  EXPECT_EQ(rb.first, 200) << rb.second;
  EXPECT_NE(rb.second.find("\"value\":\"+-1\""), std::string::npos) << rb.second;
  httplib::Client page("127.0.0.1", *port);
  const auto index = page.Get("/");
  ASSERT_TRUE(index);
  EXPECT_EQ(index->status, 200);
  EXPECT_NE(index->get_header_value("Content-Type").find("text/html"), std::string::npos);
  EXPECT_NE(index->body.find("<script src=\"/app.js\"></script>"), std::string::npos);
  const auto script = page.Get("/app.js");
  ASSERT_TRUE(script);
  EXPECT_NE(script->get_header_value("Content-Type").find("javascript"), std::string::npos);
  EXPECT_NE(script->body.find("/api/${endpoint}"), std::string::npos);
  const auto bad = ask("/api/solve?position=xo.&game=chess");
  EXPECT_EQ(bad.first, 400);
  const auto missing = ask("/index.php");
  EXPECT_EQ(missing.first, 404);
  EXPECT_EQ(missing.second.rfind("{\"error\":", 0), 0u) << missing.second;
  const auto huge = ask("/api/solve?position=" + std::string(20000, 'x'));
  EXPECT_GE(huge.first, 400);  // the URI limit (414) or ours (400), never a search
  server.stop();
  running.join();
}

TEST(Serve, APortInUseIsAnErrorNotACrash) {
  web::ServeOptions o = options();
  o.port = 0;
  web::Server first(o);
  const auto port = first.bind();
  ASSERT_TRUE(port);
  o.port = *port;
  web::Server second(o);
  const auto again = second.bind();
  ASSERT_FALSE(again);
  EXPECT_NE(again.error().message.find("cannot listen on 127.0.0.1:" + std::to_string(*port)),
            std::string::npos);
}

}  // namespace
