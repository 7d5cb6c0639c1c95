// PE Lab — app/ui_text.cpp
// Every string the chrome shows, in both languages, in one table (the font subset scans this file).
#include "app/app.h"

namespace pelab {

namespace {
struct UiTextEntry {
    UiText id;
    Text text;
};

const UiTextEntry kUiText[] = {
    {UiText::AppName, {"PE Lab 位置编码实验室", "PE Lab"}},
    {UiText::Lesson, {"课程", "Lesson"}},
    {UiText::Steps, {"步骤", "Steps"}},
    {UiText::Step, {"第 %d / %d 步", "Step %d / %d"}},
    {UiText::Prev, {"< 上一步", "< Prev"}},
    {UiText::Next, {"下一步 >", "Next >"}},
    {UiText::Parameters, {"参数", "Parameters"}},
    {UiText::Language, {"语言", "Language"}},
    {UiText::Notices, {"输入提示", "Input notices"}},
    {UiText::Dismiss, {"知道了", "Dismiss"}},
    {UiText::ResetParams, {"恢复默认参数", "Reset parameters"}},
    {UiText::NoticeIntro,
     {"以下输入无效，已改用括号中的安全值：", "Some input was invalid; safe values were used instead:"}},
};
static_assert(sizeof(kUiText) / sizeof(kUiText[0]) == size_t(UiText::Count), "every UiText needs a row");
}  // namespace

const char* ui_text(UiText id, Lang lang) {
    for (const UiTextEntry& e : kUiText)
        if (e.id == id) return e.text.get(lang);
    return "";
}

}  // namespace pelab
