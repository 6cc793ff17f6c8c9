// The page says every refusal of the server in its language: each code the server can send
// (server/error_codes.h) has a text "error.<code>" in web/i18n/en.json, ru.json and uk.json.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "server/error_codes.h"

namespace doska {
namespace {

const std::filesystem::path kI18nDir = std::filesystem::path(DOSKA_SOURCE_DIR) / "web" / "i18n";

TEST(WebErrorTexts, EveryServerErrorCodeHasATextInEveryLanguage) {
  for (const char* lang : {"en", "ru", "uk"}) {
    std::ifstream in(kI18nDir / (std::string(lang) + ".json"));
    ASSERT_TRUE(in) << lang;
    const nlohmann::json texts = nlohmann::json::parse(in, nullptr, false);
    ASSERT_TRUE(texts.is_object()) << lang;
    for (std::string_view code : server::kErrorCodes) {
      const std::string key = "error." + std::string(code);
      ASSERT_TRUE(texts.contains(key)) << lang << ": no " << key;
      EXPECT_FALSE(texts[key].get<std::string>().empty()) << lang << ": " << key;
    }
  }
}

}  // namespace
}  // namespace doska
