// PE Lab — app/ui_text.cpp
// Every string the chrome shows, in both languages, in one table of Texts (the font subset scans this file);
// shown through say(), numbers and names through named placeholders like the lessons' prose.
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
    {UiText::Step, {"第 {step} / {count} 步", "Step {step} / {count}"}},
    {UiText::Prev, {"< 上一步", "< Prev"}},
    {UiText::Next, {"下一步 >", "Next >"}},
    {UiText::Parameters, {"参数", "Parameters"}},
    {UiText::Language, {"语言", "Language"}},
    {UiText::Notices, {"输入提示", "Input notices"}},
    {UiText::Dismiss, {"知道了", "Dismiss"}},
    {UiText::ResetParams, {"恢复默认参数", "Reset parameters"}},
    {UiText::NoticeIntro,
     {"以下输入无效，已改用安全值：", "Some input was invalid; safe values were used instead:"}},
    {UiText::Export, {"导出", "Export"}},
    {UiText::ExportPng1, {"图片 PNG（1×）", "Image PNG (1×)"}},
    {UiText::ExportPng2, {"图片 PNG（2×）", "Image PNG (2×)"}},
    {UiText::DownloadCsv, {"下载 CSV", "Download CSV"}},
    {UiText::DownloadJson, {"下载 JSON", "Download JSON"}},
    {UiText::DownloadLatex, {"下载 LaTeX 矩阵", "Download LaTeX bmatrix"}},
    {UiText::CopyCsv, {"复制 CSV", "Copy CSV"}},
    {UiText::CopyJson, {"复制 JSON", "Copy JSON"}},
    {UiText::CopyLatex, {"复制 LaTeX 矩阵", "Copy LaTeX bmatrix"}},
    {UiText::CopyLink, {"复制此视图的链接", "Copy link to this view"}},
    {UiText::FullScreen, {"全屏", "Full screen"}},
    {UiText::Copied, {"已复制到剪贴板", "Copied to the clipboard"}},
    {UiText::CopyFailed,
     {"浏览器不允许写入剪贴板（例如 iframe 未获 clipboard-write 权限）；请改用下载。",
      "The browser refused clipboard access (e.g. an iframe without clipboard-write permission); use Download instead."}},
    {UiText::Saved, {"已保存：{file}", "Saved: {file}"}},
    {UiText::Blanked, {"按任意键继续", "Press any key to continue"}},
    {UiText::LanguageLoading, {"正在载入英文（English）……", "Loading Chinese (中文)…"}},
    {UiText::LanguageFailed,
     {"无法载入英文（English）：{why}。界面仍为中文。", "Could not load Chinese (中文): {why}. The widget stays in English."}},
    {UiText::TextsLoading, {"正在载入这一课的文字……", "Loading this lesson's texts…"}},
    {UiText::TextsFailed, {"无法载入这一课的文字：{why}。", "Could not load this lesson's texts: {why}."}},
    {UiText::More, {"更多", "more"}},
    {UiText::Less, {"收起", "less"}},
    {UiText::Play, {"播放（空格键）", "Play (Space)"}},
    {UiText::Pause, {"暂停（空格键）", "Pause (Space)"}},
    {UiText::StepBack, {"后退一步", "Step back"}},
    {UiText::StepForward, {"前进一步", "Step forward"}},
    {UiText::Speed, {"速度", "Speed"}},
    {UiText::Loops, {"到终点后从头循环", "loops at the end"}},
    {UiText::Predict, {"先预测，再揭晓", "Predict, then reveal"}},
    {UiText::Check, {"检查一下", "Check yourself"}},
    {UiText::PredictFirst, {"先预测：回答问题后（或按“揭晓”、R 键）显示这张图。", "Predict first: this figure shows once you answer the question (or press Reveal, key R)."}},
    {UiText::PredictFirstTakeaway, {"要点在你作答后显示。", "The takeaway shows once you have answered."}},
    {UiText::Reveal, {"揭晓（R）", "Reveal (R)"}},
    {UiText::Right, {"答对了。", "Right."}},
    {UiText::NotQuite, {"不对，正确答案是：{answer}", "Not quite; the answer is: {answer}"}},
    {UiText::References, {"参考文献与参考实现", "References and reference code"}},
    {UiText::ReferenceCode, {"参考实现：{code}", "Reference code: {code}"}},
    {UiText::OpensLesson, {"点击打开课程「{lesson}」", "Click to open the lesson “{lesson}”"}},
    {UiText::OpensLessonStep, {"点击打开课程「{lesson}」的第 {step} 步：{title}",
                               "Click to open step {step} of the lesson “{lesson}”: {title}"}},
};
static_assert(sizeof(kUiText) / sizeof(kUiText[0]) == size_t(UiText::Count), "every UiText needs a row");
}  // namespace

const Text& ui_text(UiText id) {
    for (const UiTextEntry& e : kUiText)
        if (e.id == id) return e.text;
    static const Text none;
    return none;
}

std::string ui_say(Lang lang, UiText id, std::initializer_list<Arg> args) { return say(lang, ui_text(id), args); }

}  // namespace pelab
