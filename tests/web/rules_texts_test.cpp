// The rules texts of the web app (web/rules/<id>.<lang>.html): every game in every
// language is there, and each file is a fragment the UI can insert into its rules panel as it is.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace doska {
namespace {

const std::filesystem::path kRulesDir = std::filesystem::path(DOSKA_SOURCE_DIR) / "web" / "rules";

const std::vector<std::string> kIds = {
    "international",    "russian",          "english",    "international-giveaway",
    "russian-giveaway", "english-giveaway", "wolf-sheep", "mill",
    "mill-mixed",       "mill-ceylon",      "chess100"};
const std::vector<std::string> kLanguages = {"ru", "uk", "en"};

// The tags a rules fragment may use; anything else (script, style, html, body, img...) is refused.
const std::set<std::string> kAllowedTags = {
    "h2",    "h3",   "h4", "p",      "ul", "ol", "li", "table", "thead", "tbody", "tr", "th", "td",
    "small", "code", "b",  "strong", "em", "i",  "br", "span",  "pre",   "dl",    "dt", "dd"};
const std::set<std::string> kVoidTags = {"br"};

std::optional<std::string> read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

int count_of(const std::string& text, const std::string& needle) {
  int count = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1))
    ++count;
  return count;
}

bool valid_utf8(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    const int extra = c < 0x80             ? 0
                      : (c & 0xE0) == 0xC0 ? 1
                      : (c & 0xF0) == 0xE0 ? 2
                      : (c & 0xF8) == 0xF0 ? 3
                                           : -1;
    if (extra < 0) return false;
    for (int k = 1; k <= extra; ++k)
      if (i + k >= text.size() || (static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80)
        return false;
    i += 1 + extra;
  }
  return true;
}

// Walks the tags of a fragment with a stack; returns the first problem, or an empty string.
std::string tag_problem(const std::string& html) {
  std::vector<std::string> open;
  for (std::size_t at = html.find('<'); at != std::string::npos; at = html.find('<', at + 1)) {
    const std::size_t end = html.find('>', at);
    if (end == std::string::npos) return "a tag is not closed at offset " + std::to_string(at);
    std::string tag = html.substr(at + 1, end - at - 1);
    const bool closing = !tag.empty() && tag[0] == '/';
    if (closing) tag.erase(0, 1);
    std::size_t name_end = 0;
    while (name_end < tag.size() && std::isalnum(static_cast<unsigned char>(tag[name_end])))
      ++name_end;
    const std::string name = lower(tag.substr(0, name_end));
    if (name.empty()) return "not a tag at offset " + std::to_string(at) + ": <" + tag + ">";
    if (!kAllowedTags.count(name)) return "tag <" + name + "> is not allowed in a rules fragment";
    if (kVoidTags.count(name)) continue;
    if (!closing) {
      open.push_back(name);
    } else if (open.empty() || open.back() != name) {
      return "</" + name + "> at offset " + std::to_string(at) + " closes " +
             (open.empty() ? std::string("nothing") : "<" + open.back() + ">");
    } else {
      open.pop_back();
    }
  }
  if (!open.empty()) return "<" + open.back() + "> is never closed";
  return "";
}

// A minimal reader for index.json: an object of objects of strings, which is all it holds.
class IndexReader {
 public:
  explicit IndexReader(const std::string& text) : text_(text) {}

  std::optional<std::map<std::string, std::map<std::string, std::string>>> read() {
    std::map<std::string, std::map<std::string, std::string>> index;
    if (!consume('{')) return std::nullopt;
    if (consume('}')) return finish(index);
    do {
      auto id = string();
      if (!id || !consume(':') || !consume('{')) return std::nullopt;
      auto& titles = index[*id];
      if (!consume('}')) {
        do {
          auto lang = string();
          if (!lang || !consume(':')) return std::nullopt;
          auto title = string();
          if (!title) return std::nullopt;
          titles[*lang] = *title;
        } while (consume(','));
        if (!consume('}')) return std::nullopt;
      }
    } while (consume(','));
    if (!consume('}')) return std::nullopt;
    return finish(index);
  }

 private:
  template <typename T>
  std::optional<T> finish(T value) {
    skip_space();
    if (at_ != text_.size()) return std::nullopt;
    return value;
  }
  void skip_space() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }
  bool consume(char c) {
    skip_space();
    if (at_ < text_.size() && text_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }
  std::optional<std::string> string() {
    if (!consume('"')) return std::nullopt;
    std::string value;
    while (at_ < text_.size() && text_[at_] != '"') {
      if (text_[at_] == '\\') {
        if (++at_ >= text_.size()) return std::nullopt;
      }
      value += text_[at_++];
    }
    if (at_ >= text_.size()) return std::nullopt;
    ++at_;
    return value;
  }

  const std::string& text_;
  std::size_t at_ = 0;
};

std::optional<std::map<std::string, std::map<std::string, std::string>>> read_index() {
  const auto text = read_text(kRulesDir / "index.json");
  if (!text) return std::nullopt;
  return IndexReader(*text).read();
}

TEST(RulesTexts, IndexListsEveryGameWithTitlesInEveryLanguage) {
  const auto index = read_index();
  ASSERT_TRUE(index) << "web/rules/index.json is missing or not an object of objects of strings";
  EXPECT_EQ(index->size(), kIds.size());
  for (const std::string& id : kIds) {
    ASSERT_TRUE(index->count(id)) << "index.json has no entry for " << id;
    const auto& titles = index->at(id);
    EXPECT_EQ(titles.size(), kLanguages.size()) << id;
    for (const std::string& lang : kLanguages) {
      ASSERT_TRUE(titles.count(lang)) << id << " has no " << lang << " title";
      EXPECT_FALSE(titles.at(lang).empty()) << id << "." << lang;
    }
  }
}

TEST(RulesTexts, EveryGameHasAFragmentInEveryLanguage) {
  const auto index = read_index();
  ASSERT_TRUE(index);
  for (const std::string& id : kIds) {
    for (const std::string& lang : kLanguages) {
      const std::string name = id + "." + lang + ".html";
      SCOPED_TRACE(name);
      const auto html = read_text(kRulesDir / name);
      if (!html || html->empty()) {
        ADD_FAILURE() << (html ? "empty" : "missing");
        continue;
      }
      EXPECT_TRUE(valid_utf8(*html));

      const std::string text = lower(*html);
      EXPECT_EQ(count_of(text, "<h2"), 1) << "exactly one <h2>, the title";
      for (const char* banned : {"<script", "<html", "<head", "<body", "<style", "style="})
        EXPECT_EQ(text.find(banned), std::string::npos) << banned;
      EXPECT_EQ(tag_problem(*html), "");

      // The title is the one the game picker shows.
      const auto h2 = html->find("<h2>");
      const auto h2_end = html->find("</h2>");
      ASSERT_NE(h2, std::string::npos);
      ASSERT_NE(h2_end, std::string::npos);
      if (index->count(id) && index->at(id).count(lang)) {
        EXPECT_EQ(html->substr(h2 + 4, h2_end - h2 - 4), index->at(id).at(lang));
      }

      // Each text cites the articles it follows (seed or RULINGS).
      const std::string cite = "<small class=\"src\">";
      EXPECT_GE(count_of(*html, cite), 1) << "no article cited";
      const auto first = html->find(cite);
      if (first != std::string::npos) {
        const std::string cited = html->substr(first + cite.size(), 40);
        EXPECT_TRUE(cited.find("RULINGS") != std::string::npos ||
                    cited.find("00") != std::string::npos)
            << "a citation names RULINGS or a seed: " << cited;
      }
    }
  }
}

TEST(RulesTexts, HoldsNoOtherFiles) {
  std::set<std::string> expected = {"index.json"};
  for (const std::string& id : kIds)
    for (const std::string& lang : kLanguages) expected.insert(id + "." + lang + ".html");
  for (const auto& entry : std::filesystem::directory_iterator(kRulesDir))
    EXPECT_TRUE(expected.count(entry.path().filename().string()))
        << entry.path().filename() << " is not a rules text of a known game and language";
}

}  // namespace
}  // namespace doska
