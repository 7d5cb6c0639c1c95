// PE Lab — lessons/glossary.cpp
// The glossary that texts link with [[term]] or [[term|shown words]]: one entry per term, its name and a
// one- or two-sentence meaning in both languages. A link to a term missing here is a text problem
// (lessons/bilingual.cpp), so the battery fails on it.
//
// [SECTION] entries
// [SECTION] lookup
#include "lessons/questions.h"

namespace pelab {

// [SECTION] entries
const std::vector<GlossaryEntry>& glossary() {
    static const std::vector<GlossaryEntry> entries = {
        {"toeplitz",
         {"Toeplitz 矩阵", "Toeplitz matrix"},
         {"每条对角线上的值都相同的矩阵：第 (q, k) 格只取决于 q − k。只看相对距离的位置规则都会得到这样的矩阵。",
          "A matrix whose every diagonal is constant: cell (q, k) depends only on q − k. Every position rule that "
          "looks only at the relative distance gives one."}},
        {"block-toeplitz",
         {"块 Toeplitz 矩阵", "block-Toeplitz matrix"},
         {"按块看是 Toeplitz 的矩阵：块 (i, j) 只取决于 i − j。二维网格上只看偏移 δ 的规则展平后是双重块 Toeplitz 矩阵，"
          "每一块本身也是 Toeplitz 矩阵。",
          "A matrix that is Toeplitz block by block: block (i, j) depends only on i − j. A rule on a 2-D grid that "
          "looks only at the offset δ becomes, once flattened, doubly block-Toeplitz: every block is Toeplitz too."}},
        {"logit",
         {"logit（未归一化分数）", "logit"},
         {"softmax 之前的分数，例如 q·k/√d 再加上位置偏置。softmax 把一行 logit 变成和为 1 的权重。",
          "A score before the softmax, such as q·k/√d plus a position bias. The softmax turns a row of logits into "
          "weights that sum to 1."}},
        {"attention-score",
         {"注意力分数", "attention score"},
         {"查询 q 与键 k 的匹配程度，通常是点积 q·k（再除以 √d）。注意力矩阵的每个格子对应一对 (q, k) 的分数。",
          "How well a query q matches a key k, usually the dot product q·k (divided by √d). Each cell of the "
          "attention matrix holds the score of one pair (q, k)."}},
        {"softmax",
         {"softmax", "softmax"},
         {"把一组实数变成和为 1 的正权重：exp(xᵢ) / Σ exp(xⱼ)。给整行加同一个常数不会改变结果。",
          "Turns a list of numbers into positive weights that sum to 1: exp(xᵢ) / Σ exp(xⱼ). Adding the same "
          "constant to the whole row changes nothing."}},
        {"query",
         {"查询（query）", "query"},
         {"注意力里“正在找信息”的那个位置的向量 q；注意力矩阵的一行属于一个查询。",
          "The vector q of the position that is looking for information; one row of the attention matrix belongs to "
          "one query."}},
        {"key",
         {"键（key）", "key"},
         {"注意力里“被查找”的位置的向量 k；它和查询的点积决定这个位置得到多少权重。",
          "The vector k of a position being looked up; its dot product with the query decides how much weight that "
          "position gets."}},
        {"head",
         {"注意力头", "attention head"},
         {"一组独立的 Q、K、V 投影。多个头并行计算注意力，T5 和 ALiBi 给每个头各自的位置偏置。",
          "One independent set of Q, K, V projections. Several heads compute attention side by side; T5 and ALiBi "
          "give each head its own position bias."}},
        {"relative-position",
         {"相对位置", "relative position"},
         {"两个位置之差，例如 j − i 或 q − k。符号约定因实现而异：tensor2tensor 和 HF 的 T5 用 j − i（键减查询）。",
          "The difference of two positions, such as j − i or q − k. The sign convention varies: tensor2tensor and "
          "HF's T5 use j − i (key minus query)."}},
        {"absolute-position",
         {"绝对位置", "absolute position"},
         {"一个词在序列里的序号，从 0 数起。绝对位置编码给每个序号一个向量，加到词向量上。",
          "A token's index in the sequence, counted from 0. An absolute encoding gives each index a vector that "
          "is added to the token's embedding."}},
        {"bucket",
         {"桶（bucket）", "bucket"},
         {"T5 把相对距离分组后的编号：近处每个距离一个桶，远处按对数共用越来越宽的桶，超过 max_distance 的都落进最后一个桶。",
          "The group number T5 gives a relative distance: near distances get a bucket each, far ones share "
          "logarithmically wider buckets, and everything beyond max_distance lands in the last one."}},
        {"clipping",
         {"截断（clipping）", "clipping"},
         {"把超过 k 的相对距离当作 k 处理（Shaw 等人的 max_relative_position），于是远处的成对位置共用表的两端行。",
          "Treating every relative distance beyond k as k (Shaw et al.'s max_relative_position), so distant pairs "
          "share the end rows of the table."}},
        {"equivariance",
         {"等变性", "equivariance"},
         {"输入怎么变，输出就跟着同样变。没有位置信息的自注意力对打乱顺序是等变的：输出的行跟着输入一起被打乱。",
          "The output changes the same way the input does. Self-attention without positions is equivariant to "
          "shuffling: the output rows are shuffled along with the inputs."}},
        {"invariance",
         {"不变性", "invariance"},
         {"输入变了，输出却完全不变。平移不变的分数只取决于位置之差，两个位置同时平移时分数不变。",
          "The output does not change at all when the input does. A shift-invariant score depends only on the "
          "difference of positions, so moving both positions together leaves it unchanged."}},
        {"extrapolation",
         {"外推", "extrapolation"},
         {"在比训练时更长的序列上使用模型。对 RoPE 来说，超过训练长度后慢转的频率对会遇到训练中从未见过的角度。",
          "Using a model on sequences longer than those it was trained on. For RoPE, past the training length the "
          "slowly turning frequency pairs meet angles never seen in training."}},
        {"interpolation",
         {"插值", "interpolation"},
         {"把新的位置压缩回训练见过的范围里，例如位置插值（PI）把位置除以 s；或者把可学习的位置表当作图像缩放到新网格。",
          "Squeezing new positions back into the range seen in training, as position interpolation (PI) divides "
          "positions by s; or resizing a learnable position table like an image to a new grid."}},
        {"wavelength",
         {"波长", "wavelength"},
         {"转完一整圈所需的位置数，λ = 2π/θ。第 0 对的波长是 2π，越往后越长。",
          "The number of positions one full turn takes, λ = 2π/θ. Pair 0's wavelength is 2π; later pairs take "
          "longer."}},
        {"frequency",
         {"频率", "frequency"},
         {"每前进一个位置转过的角度 θ（弧度）。正弦编码和 RoPE 都用 θᵢ = base^(−2i/d)。",
          "The angle θ (in radians) turned per position. Sinusoidal encodings and RoPE both use θᵢ = base^(−2i/d)."}},
        {"frequency-pair",
         {"频率对", "frequency pair"},
         {"向量里一起旋转的两个坐标，对应一个频率 θᵢ。d 维向量有 d/2 对；哪两个坐标成对取决于排列（相邻或前后两半）。",
          "Two coordinates of a vector that turn together at one frequency θᵢ. A d-dimensional vector has d/2 pairs; "
          "which coordinates pair up depends on the layout (neighbours or the two halves)."}},
        {"base",
         {"底数（base）", "base"},
         {"决定频率的常数，θᵢ = base^(−2i/d)；论文取 10000，HF 叫 rope_theta。base 越大，慢的频率对转得越慢。",
          "The constant that sets the frequencies, θᵢ = base^(−2i/d); 10000 in the paper, rope_theta in HF. A larger "
          "base makes the slow pairs turn more slowly."}},
        {"rotation",
         {"旋转", "rotation"},
         {"保持长度、只改方向的线性变换。二维旋转 R(α) 的转置就是它的逆 R(−α)，两个旋转连做时角度相加。",
          "A linear map that keeps length and changes only direction. The 2-D rotation R(α) has its transpose as its "
          "inverse R(−α), and two rotations in a row add their angles."}},
        {"rope",
         {"旋转位置编码（RoPE）", "rotary position embedding (RoPE)"},
         {"按位置旋转 q 和 k 的每个频率对，使分数 ⟨R_m q, R_n k⟩ 只取决于 n − m。",
          "Rotates every frequency pair of q and k by its position, so the score ⟨R_m q, R_n k⟩ depends only on "
          "n − m."}},
        {"alibi",
         {"ALiBi", "ALiBi"},
         {"给每个头一个固定斜率 m，在 logit 上加 −m·距离，不学习任何位置参数。",
          "Gives each head a fixed slope m and adds −m·distance to the logits; it learns no position parameters."}},
        {"position-interpolation",
         {"位置插值（PI）", "position interpolation (PI)"},
         {"把每个位置除以扩展倍数 s 再旋转，使更长的序列落回训练见过的角度范围；代价是相邻位置更难区分。",
          "Divides every position by the extension factor s before rotating, so a longer sequence stays within the "
          "angles seen in training; the price is that neighbours become harder to tell apart."}},
        {"ntk-scaling",
         {"NTK-aware 缩放", "NTK-aware scaling"},
         {"不除位置，而是放大 base：快的频率对几乎不变，最慢的一对正好除以 s。动态 NTK 按当前长度重新计算 base。",
          "Enlarges the base instead of dividing positions: fast pairs barely change and the slowest is divided by "
          "exactly s. Dynamic NTK recomputes the base from the current length."}},
        {"yarn",
         {"YaRN", "YaRN"},
         {"按训练长度内转过的圈数把频率对分组：快的保持不变，慢的除以 s，中间线性过渡；再用注意力因子修正 softmax 的温度。",
          "Sorts the frequency pairs by the turns they make within the training length: fast ones are kept, slow ones "
          "divided by s, a linear ramp between; an attention factor corrects the softmax temperature."}},
        {"kv-cache",
         {"KV 缓存", "KV cache"},
         {"生成文本时保存已处理词元的键和值，新词元只需计算自己的 q、k、v。RoPE 的键在存入前已旋转，不必重算。",
          "While generating, the keys and values of tokens already processed are kept, so a new token computes only "
          "its own q, k, v. RoPE's keys are rotated before they are stored and never again."}},
        {"gram-matrix",
         {"Gram 矩阵", "Gram matrix"},
         {"一组向量两两点积组成的矩阵 G = P·Pᵀ。正弦编码的 Gram 矩阵只取决于位置之差，是 Toeplitz 矩阵。",
          "The matrix of all pairwise dot products of a set of vectors, G = P·Pᵀ. For sinusoidal encodings it depends "
          "only on the difference of positions, so it is Toeplitz."}},
        {"patch",
         {"图块（patch）", "patch"},
         {"ViT 把图像切成的小方块，每块成为一个词元；H×W 个图块逐行展平成序列。",
          "One of the small squares a ViT cuts an image into; each becomes one token, and the H×W patches are "
          "flattened row by row into a sequence."}},
    };
    return entries;
}

// [SECTION] lookup
const GlossaryEntry* find_term(const std::string& term) {
    for (const GlossaryEntry& e : glossary())
        if (term == e.term) return &e;
    return nullptr;
}

}  // namespace pelab
