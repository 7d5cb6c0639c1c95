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
          "looks only at the relative distance gives one."},
         "Toeplitz|Toeplitz matrix"},
        {"block-toeplitz",
         {"块 Toeplitz 矩阵", "block-Toeplitz matrix"},
         {"按块看是 Toeplitz 的矩阵：块 (i, j) 只取决于 i − j。二维网格上只看偏移 δ 的规则展平后是双重块 Toeplitz 矩阵，"
          "每一块本身也是 Toeplitz 矩阵。",
          "A matrix that is Toeplitz block by block: block (i, j) depends only on i − j. A rule on a 2-D grid that "
          "looks only at the offset δ becomes, once flattened, doubly block-Toeplitz: every block is Toeplitz too."},
         "block-Toeplitz|doubly block-Toeplitz"},
        {"logit",
         {"logit（未归一化分数）", "logit"},
         {"softmax 之前的分数，例如 q·k/√d 再加上位置偏置。softmax 把一行 logit 变成和为 1 的权重。",
          "A score before the softmax, such as q·k/√d plus a position bias. The softmax turns a row of logits into "
          "weights that sum to 1."},
         "logit|logits"},
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
         {"查询位置减键位置：Δ = q − k，本课程处处如此。有些源代码反过来写（tensor2tensor 和 Hugging Face 的 T5 用键减查询），"
          "课程只在注释里提到。",
          "The query's position minus the key's: Δ = q − k, everywhere in this course. Some source code writes it the "
          "other way round (tensor2tensor and Hugging Face's T5 use key minus query); the lessons say so in a note."}},
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
          "shuffling: the output rows are shuffled along with the inputs."},
         "equivariant|equivariance"},
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
         {"决定频率的常数，θᵢ = base^(−2i/d)；论文取 10000（模型配置里叫 rope_theta）。base 越大，慢的频率对转得越慢。",
          "The constant that sets the frequencies, θᵢ = base^(−2i/d); 10000 in the paper (rope_theta in a model's "
          "configuration). A larger base makes the slow pairs turn more slowly."}},
        {"rotation",
         {"旋转", "rotation"},
         {"保持长度、只改方向的线性变换。二维旋转 R(α) 的转置就是它的逆 R(−α)，两个旋转连做时角度相加。",
          "A linear map that keeps length and changes only direction. The 2-D rotation R(α) has its transpose as its "
          "inverse R(−α), and two rotations in a row add their angles."}},
        {"rope",
         {"旋转位置编码（RoPE）", "rotary position embedding (RoPE)"},
         {"按位置旋转查询和键的每个频率对，使查询位置 m、键位置 n 的分数 ⟨R_m q, R_n k⟩ 只取决于偏移 Δ = m − n。",
          "Rotates every frequency pair of the query and the key by its position, so the score ⟨R_m q, R_n k⟩ of query "
          "position m and key position n depends only on the offset Δ = m − n."},
         "RoPE"},
        {"alibi",
         {"ALiBi", "ALiBi"},
         {"给每个头一个固定斜率 m，在 logit 上加 −m·距离，不学习任何位置参数。",
          "Gives each head a fixed slope m and adds −m·distance to the logits; it learns no position parameters."},
         "ALiBi"},
        {"position-interpolation",
         {"位置插值（PI）", "position interpolation (PI)"},
         {"把每个位置除以扩展倍数 s 再旋转，使更长的序列落回训练见过的角度范围；代价是相邻位置更难区分。",
          "Divides every position by the extension factor s before rotating, so a longer sequence stays within the "
          "angles seen in training; the price is that neighbours become harder to tell apart."},
         "PI|position interpolation"},
        {"ntk-scaling",
         {"NTK-aware 缩放", "NTK-aware scaling"},
         {"不除位置，而是放大 base：快的频率对几乎不变，最慢的一对正好除以 s。动态 NTK 按当前长度重新计算 base。",
          "Enlarges the base instead of dividing positions: fast pairs barely change and the slowest is divided by "
          "exactly s. Dynamic NTK recomputes the base from the current length."},
         "NTK|NTK-aware"},
        {"yarn",
         {"YaRN", "YaRN"},
         {"按训练长度内转过的圈数把频率对分组：快的保持不变，慢的除以 s，中间线性过渡；再用注意力因子修正 softmax 的温度。",
          "Sorts the frequency pairs by the turns they make within the training length: fast ones are kept, slow ones "
          "divided by s, a linear ramp between; an attention factor corrects the softmax temperature."},
         "YaRN"},
        {"kv-cache",
         {"KV 缓存", "KV cache"},
         {"生成文本时保存已处理词元的键和值，新词元只需计算自己的 q、k、v。RoPE 的键在存入前已旋转，不必重算。",
          "While generating, the keys and values of tokens already processed are kept, so a new token computes only "
          "its own q, k, v. RoPE's keys are rotated before they are stored and never again."},
         "KV cache|KV"},
        {"gram-matrix",
         {"Gram 矩阵", "Gram matrix"},
         {"一组向量两两点积组成的矩阵 G = P·Pᵀ。正弦编码的 Gram 矩阵只取决于位置之差，是 Toeplitz 矩阵。",
          "The matrix of all pairwise dot products of a set of vectors, G = P·Pᵀ. For sinusoidal encodings it depends "
          "only on the difference of positions, so it is Toeplitz."},
         "Gram matrix"},
        {"patch",
         {"图块（patch）", "patch"},
         {"ViT 把图像切成的小方块，每块成为一个词元；H×W 个图块逐行展平成序列。",
          "One of the small squares a ViT cuts an image into; each becomes one token, and the H×W patches are "
          "flattened row by row into a sequence."}},
        {"transformer",
         {"Transformer", "transformer"},
         {"由注意力层和前馈层交替堆叠的神经网络；每个位置的词元通过注意力读取其他位置。注意力本身不知道顺序，位置要靠位置编码告诉它。",
          "A neural network of stacked attention and feed-forward layers; each token reads the others through attention. "
          "Attention alone does not know their order: a position scheme tells it."}},
        {"token",
         {"词元（token）", "token"},
         {"模型一次读入或预测的一个单位；在长度实验里，一个数字、箭头都各是一个词元，每个词元占一个位置。",
          "One unit a model reads or predicts at a time; in the length lab each digit and the arrow is one token, and "
          "each token takes one position."}},
        {"cross-entropy",
         {"交叉熵损失", "cross-entropy loss"},
         {"训练时要降低的数：−log p(正确词元)，对所有计分的词元取平均。模型给对的答案概率越高，它越小；全对且确定时为 0。",
          "The number training lowers: −log p(the right token), averaged over the scored tokens. It shrinks as the "
          "model gives the right answer more probability, and is 0 when it is certain and right."},
         "cross-entropy"},
        {"exact-match",
         {"完全正确", "exact match"},
         {"一个样本的全部答案词元都对才算对；完全正确率是这样的样本所占的比例。错一个数字，整个样本就不算。",
          "A sample counts only when every answer token is right; the exact-match share is the share of such samples. "
          "One wrong digit and the whole sample does not count."},
         "exact match|EM"},
        {"teacher-forcing",
         {"teacher forcing", "teacher forcing"},
         {"评测（或训练）时，每一步都把正确的前文喂给模型，而不是它自己前面的输出；所以一个错误不会连累后面的预测。",
          "Feeding the model the right tokens before each prediction, not its own earlier outputs, in evaluation (or "
          "training): one mistake does not spoil the predictions after it."},
         "teacher forcing|teacher-forced"},
        {"fine-tuning",
         {"微调", "fine-tuning"},
         {"在训练好的模型上，用新的数据或设置再训练少量步数，例如把位置缩放之后，在更长的样本上再训练几百步。",
          "Training an already trained model for a few more steps on new data or settings, for example a few hundred "
          "steps on longer samples after its positions were rescaled."}},
        {"causal-mask",
         {"因果掩码", "causal mask"},
         {"让位置 q 只能看到 k ≤ q 的掩码：后面的分数在 softmax 之前设为 −∞。生成文字的模型都用它；它本身也透露一点位置：越靠后看到的词元越多。",
          "The mask that lets position q see only keys k ≤ q: later scores are set to −∞ before the softmax. Models "
          "that generate text use it; it leaks a little position too, since later positions see more tokens."}},
        {"float32",
         {"float32（单精度浮点数）", "float32"},
         {"32 位浮点数：24 位有效二进制数字，约 7 位十进制。数越大，相邻两个可表示的数相差越远。",
          "A 32-bit floating-point number: 24 significant bits, about 7 decimal digits. The larger the number, the "
          "farther apart it and its neighbours are."}},
        {"shader",
         {"着色器", "shader"},
         {"显卡（GPU）为每个像素并行运行的小程序；片元着色器算出一个像素的颜色。",
          "A small program the graphics card (GPU) runs for every pixel in parallel; a fragment shader computes one "
          "pixel's colour."}},
        {"aliasing",
         {"混叠", "aliasing"},
         {"取样太稀时，快速的变化被看成缓慢的假图案：每 h 个单元取一个样，分不清每单元转 θ 和 θ + 2π/h。",
          "When samples are too sparse, a fast change shows up as a slow false pattern: sampling every h cells cannot "
          "tell a turn of θ per cell from θ + 2π/h."}},
        {"ulp",
         {"ulp（最后一位的单位）", "ulp (unit in the last place)"},
         {"一个浮点数与下一个可表示的数之差；float32 中 ulp(x) = 2^(⌊log₂ x⌋ − 23)。",
          "The gap between a floating-point number and the next one it can represent; in float32, "
          "ulp(x) = 2^(⌊log₂ x⌋ − 23)."}},
        {"tensor2tensor",
         {"tensor2tensor", "tensor2tensor"},
         {"Google 基于 TensorFlow 的模型库；Shaw 等人相对位置表示的参考实现就在其中。",
          "Google's TensorFlow library of models, which holds Shaw et al.'s reference implementation of relative "
          "position representations."},
         "tensor2tensor"},
        {"einsum",
         {"einsum（爱因斯坦求和）", "einsum (Einstein summation)"},
         {"用下标字母写出的张量运算：两个输入中同名的轴对齐相乘，输出里没有的轴求和，例如 'bhld,lmd->bhlm'。",
          "A tensor product written with index letters: axes with the same letter line up and multiply, and those "
          "missing from the output are summed, e.g. 'bhld,lmd->bhlm'."},
         "einsum"},
        {"transformer-xl",
         {"Transformer-XL", "Transformer-XL"},
         {"Dai 等人 2019 年的语言模型：不给词加绝对位置，只让偏移的正弦向量 R_Δ 进入分数，分数拆成内容、位置和两个全局向量的四项。",
          "Dai et al.'s 2019 language model: it adds no absolute position and lets only a sinusoid R_Δ of the offset "
          "into the score, which splits into four terms of content, position and two global vectors."},
         "Transformer-XL|XL"},
        {"deberta",
         {"DeBERTa", "DeBERTa"},
         {"He 等人 2021 年的模型，用“解耦注意力”：内容和相对位置各有投影，分数加上内容读位置（c2p）和位置读内容（p2c）两项。",
          "He et al.'s 2021 model with \"disentangled attention\": content and relative position have their own "
          "projections, and the score adds content reading position (c2p) and position reading content (p2c)."},
         "DeBERTa"},
        {"bidirectional",
         {"双向注意力", "bidirectional attention"},
         {"每个查询既看它前面的键也看后面的键，例如 T5 的编码器；与之相对的是只往回看的因果注意力（解码器）。",
          "Every query sees the keys before it and after it, as in T5's encoder; the opposite is causal attention, "
          "which looks only back (the decoder)."},
         "bidirectional|Bidirectional"},
        {"log-bucket",
         {"对数桶", "log bucket"},
         {"宽度随距离按几何级数增长的桶：近处每个偏移一个桶，远处的偏移共用越来越宽的桶，于是固定数目的桶就能覆盖任意距离（T5、DeBERTa）。",
          "A bucket whose width grows geometrically with distance: near offsets get one each and far ones share ever "
          "wider buckets, so a fixed number of buckets covers any distance (T5, DeBERTa)."},
         "log bucket|log buckets"},
        {"t5",
         {"T5 相对偏置", "T5 relative bias"},
         {"T5 模型的位置做法：把查询与键的偏移分进少数几个桶，每个桶、每个头学一个数，加到 logit 上；表的大小与序列长度无关。",
          "The T5 model's position scheme: the query–key offset is sorted into a few buckets, and each bucket and head "
          "learns one number added to the logits; the table's size does not depend on the sequence length."}},
        {"fused-attention",
         {"融合注意力核", "fused attention kernel"},
         {"把分数、softmax 和加权求和放在一个 GPU 核里逐块计算的注意力实现（如 FlashAttention），从不写出 N×N 的分数矩阵。",
          "An attention implementation (such as FlashAttention) that computes the scores, the softmax and the weighted "
          "sum tile by tile in one GPU kernel, never writing out the N×N score matrix."},
         "FlashAttention|fused attention kernel|fused attention kernels|Fused attention kernels"},
        {"big-o",
         {"大 O 记号", "big-O notation"},
         {"O(N²) 表示“至多按 N² 的比例增长”，不计常数倍；O(1) 表示与 N 无关。",
          "O(N²) means \"grows at most in proportion to N²\", constant factors aside; O(1) means it does not depend on N."}},
        {"vit",
         {"视觉 Transformer（ViT）", "Vision Transformer (ViT)"},
         {"把图像切成图块、每个图块当作一个词元的 Transformer；图块逐行展平成序列，所以它的位置本来是二维的。",
          "A transformer that cuts an image into patches and treats each patch as a token; the patches are flattened "
          "row by row into a sequence, so their positions are really 2-D."},
         "Vision Transformer"},
        {"bilinear-interpolation",
         {"双线性插值", "bilinear interpolation"},
         {"把网格放大或缩小的办法：新格子取源网格上最近的 2×2 个格子，按到它们的距离加权平均（先沿行，再沿列）。",
          "A way to resize a grid: each new cell is the mean of the nearest 2×2 cells of the old grid, weighted by its "
          "distance to them (along rows, then along columns)."},
         "bilinear interpolation|Bilinear interpolation|bilinear|Bilinear"},
        {"mae",
         {"MAE（掩码自编码器）", "MAE (masked autoencoder)"},
         {"一种训练视觉 Transformer 的方法：遮住大部分图块，让模型补全；它的位置编码是固定的二维 sin-cos 表，不学习。",
          "A way to train a Vision Transformer: most patches are masked and the model fills them in; its positions are "
          "a fixed 2-D sine-cosine table, not learned."},
         "MAE"},
        {"axial-rope",
         {"轴向 RoPE", "axial RoPE"},
         {"二维网格上的 RoPE：一半频率对按列坐标旋转，另一半按行坐标旋转，所以分数只取决于二维偏移 (Δr, Δc)。",
          "RoPE on a 2-D grid: half the frequency pairs turn with the column, the other half with the row, so a score "
          "depends only on the 2-D offset (Δr, Δc)."},
         "axial RoPE|Axial RoPE"},
        {"swin",
         {"Swin Transformer", "Swin Transformer"},
         {"在不重叠的小窗口里做注意力的视觉 Transformer（窗口在层间错开）；每个分数加上一个按二维偏移学到的偏置。",
          "A Vision Transformer that attends within small non-overlapping windows (shifted between layers); each score "
          "gets a learned bias chosen by the 2-D offset."},
         "Swin|Swin Transformer"},
        {"relative-position-index",
         {"相对位置索引（Swin）", "relative position index (Swin)"},
         {"Swin 给窗口里每一对词元算出的整数：它们的二维偏移 (Δr, Δc) 在偏置表里的行号，偏移相同的对读同一行。",
          "The integer Swin computes for each pair of tokens in a window: the row of the bias table that holds their "
          "2-D offset (Δr, Δc); pairs with the same offset read the same row."},
         "relative position index"},
        {"nope",
         {"无位置编码（NoPE）", "no position encoding (NoPE)"},
         {"不加任何位置编码的注意力层：分数只看内容。因果掩码仍让它间接读出位置，因为越靠后的查询看到的键越多。",
          "An attention layer with no position encoding: its scores see content only. A causal mask still lets it infer "
          "position, since later queries see more keys."},
         "NoPE"},
        {"sliding-window",
         {"滑动窗口注意力", "sliding-window attention"},
         {"每个查询只看最近固定个数的键（窗口），更早的键被遮住；这样的层的计算量和缓存不随上下文增长。",
          "Each query sees only a fixed number of the most recent keys (the window) and older keys are masked, so such a "
          "layer's cost and cache stop growing with the context."}},
        {"longrope",
         {"LongRoPE", "LongRoPE"},
         {"给每个频率对一个搜索得到的缩放因子；序列超过训练长度时换用另一张更大的因子表（Phi-3 的 128k 模型）。",
          "Gives each frequency pair its own searched rescale factor, and switches to a second, larger list once the "
          "sequence outgrows the training length (Phi-3's 128k models)."}},
        {"m-rope",
         {"多模态 RoPE（M-RoPE）", "multimodal RoPE (M-RoPE)"},
         {"每个词元有时间、高、宽三个位置，每个频率对跟随其中一个转动；文本的三个位置相同，所以对文本它就是普通 RoPE（Qwen2-VL）。",
          "Gives each token three positions (time, height, width) and turns each frequency pair with one of them; text "
          "has all three equal, so for text it is plain RoPE (Qwen2-VL)."},
         "M-RoPE"},
        {"mla",
         {"多头潜注意力（MLA）", "multi-head latent attention (MLA)"},
         {"每个词元只缓存一个低维潜向量，各头的键和值由它经投影还原；位置放在一小段单独旋转的维度里（解耦 RoPE，DeepSeek-V3）。",
          "Caches one low-dimensional latent vector per token and rebuilds every head's key and value from it by "
          "projection; position goes into a few numbers that rotate on their own (decoupled RoPE, DeepSeek-V3)."},
         "MLA"},
        {"positional-encoding",
         {"位置编码（PE）", "position encoding (PE)"},
         {"加到词嵌入上的、只取决于位置的向量 PE(p)：正弦编码由公式算出，可学习编码是一张按位置查的表。",
          "A vector PE(p) that depends only on the position and is added to the word embedding: the sinusoidal "
          "encoding computes it from a formula, a learned one looks it up in a table by position."},
         "PE"},
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
