// PE Lab — src/bench/bench_core.cpp
// `pelab-bench-core`: times four core quantities at benchmark sizes and writes them for scripts/bench_torch.py.
//
// Quantities (fixed sizes; bench_torch.py reads them from this program's output, so both sides agree):
//   t5          t5_bucket_matrix(4096, 32, 128, bidirectional)
//   rope        rope_scores(2048, rope_default_inv_freq(128, 10000), q, k, half), q and k seeded
//   alibi       alibi_slopes(16) and alibi_bias(4096, slope, causal) for every head
//   sinusoidal  sinusoidal_pe(8192, 512, 10000, vaswani)
// Each is computed once to warm up, then `--repeats` times; the median and the minimum wall time are
// reported. The core is single-threaded (Eigen without OpenMP, no threads of its own), so no thread setting applies.
//
// Output: one JSON object per line on stdout — first a "machine" line (compiler, Eigen version, this
// machine's measured memcpy bandwidth), then one line per quantity with its parameters, timings, the bytes
// its result holds (written once per run) and, with --out-dir, the file holding its values. bench_torch.py
// divides those bytes by the median time and sets the rate against the memcpy bandwidth: how far each
// quantity is from the memory limit.
// Files are raw little-endian, row-major, without a header; the JSON line gives dtype and shape.
// The ALiBi file holds only a few heads (listed in the line): all 16 heads in float64 would be 2 GiB.
#include <Eigen/Core>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "core/relative/alibi.h"
#include "core/io/build_info.h"
#include "core/random.h"
#include "core/rope/rope.h"
#include "core/absolute/sinusoidal.h"
#include "core/relative/t5.h"
#include "core/io/text.h"

namespace {

constexpr int kExitUsage = 2;
constexpr int kExitIo = 3;

const char* const kUsage =
    "usage: pelab-bench-core [--repeats N] [--out-dir DIR] [--only NAME[,NAME...]]\n"
    "  --repeats N   timed runs per quantity after one warm-up run (default 5, at least 1)\n"
    "  --out-dir DIR write each quantity's values to DIR/<name>.<dtype> for comparison\n"
    "  --only ...    subset of t5, rope, alibi, sinusoidal (default: all four)\n"
    "Prints one JSON object per line.\n";

// [SECTION] benchmark sizes (the brief's; bench_torch.py takes them from the JSON lines)
constexpr int kT5Length = 4096;
constexpr int kT5NumBuckets = 32;
constexpr int kT5MaxDistance = 128;
constexpr bool kT5Bidirectional = true;

constexpr int kRopeLength = 2048;
constexpr int kRopeDim = 128;
constexpr double kRopeBase = 10000.0;
constexpr std::uint64_t kRopeSeed = 20240611;

constexpr int kAlibiLength = 4096;
constexpr int kAlibiHeads = 16;

constexpr int kSinusoidalLength = 8192;
constexpr int kSinusoidalDim = 512;
constexpr double kSinusoidalBase = 10000.0;

struct Timing {
    double median_ms = 0.0;
    double min_ms = 0.0;
};

// One untimed warm-up call, then `repeats` timed calls. `release` frees the previous result before each
// timed call, outside the timing, so a run pays for allocating its result but not for freeing the last one
// (bench_torch.py drops its previous tensor the same way). The median of an even count is the mean of the
// two middle values.
Timing time_repeated(int repeats, const std::function<void()>& run_once, const std::function<void()>& release) {
    run_once();
    std::vector<double> ms;
    ms.reserve(static_cast<std::size_t>(repeats));
    for (int r = 0; r < repeats; ++r) {
        release();
        const auto start = std::chrono::steady_clock::now();
        run_once();
        const auto stop = std::chrono::steady_clock::now();
        ms.push_back(std::chrono::duration<double, std::milli>(stop - start).count());
    }
    std::sort(ms.begin(), ms.end());
    const std::size_t mid = ms.size() / 2;
    Timing t;
    t.median_ms = ms.size() % 2 == 1 ? ms[mid] : 0.5 * (ms[mid - 1] + ms[mid]);
    t.min_ms = ms.front();
    return t;
}

// Eigen stores column-major; the files are row-major (numpy's default), hence the copy.
template <typename Scalar>
bool append_row_major(std::FILE* file, const Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>& m) {
    const Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> row_major = m;
    const std::size_t count = static_cast<std::size_t>(row_major.size());
    return std::fwrite(row_major.data(), sizeof(Scalar), count, file) == count;
}

bool write_vector(std::FILE* file, const Eigen::VectorXd& v) {
    const std::size_t count = static_cast<std::size_t>(v.size());
    return std::fwrite(v.data(), sizeof(double), count, file) == count;
}

// Opens DIR/name for writing; exits with kExitIo when that fails (a benchmark without its data is useless).
std::FILE* open_output(const std::string& dir, const std::string& name) {
    const std::string path = dir + "/" + name;
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (!file) {
        std::fprintf(stderr, "pelab-bench-core: cannot write %s\n", path.c_str());
        std::exit(kExitIo);
    }
    return file;
}

void close_output(std::FILE* file, bool written_ok, const std::string& name) {
    if (std::fclose(file) != 0 || !written_ok) {
        std::fprintf(stderr, "pelab-bench-core: writing %s failed\n", name.c_str());
        std::exit(kExitIo);
    }
}

// A path or compiler string inside a JSON string: only quotes and backslashes need escaping here.
std::string json_file_field(const std::string& dir, const std::string& name) {
    if (dir.empty()) return "null";
    return pelab::json_string(dir + "/" + name);
}

// Keeps the optimiser from dropping a result that is only timed: one value of it goes to a volatile sink.
volatile double g_result_sink = 0.0;

// [SECTION] memory bandwidth
// memcpy of 256 MiB between two buffers already written once (so no page faults are timed), median of
// `repeats` after a warm-up, in bytes written per second. A large size keeps it out of every cache level:
// it is what streaming results to memory can reach on one core here.
constexpr std::size_t kMemcpyBytes = std::size_t{256} << 20;

double memcpy_bytes_per_second(int repeats) {
    std::vector<unsigned char> from(kMemcpyBytes, 1), to(kMemcpyBytes, 0);
    const Timing t = time_repeated(repeats, [&] {
        std::memcpy(to.data(), from.data(), kMemcpyBytes);
        g_result_sink = to[kMemcpyBytes / 2];
    }, [] {});
    return static_cast<double>(kMemcpyBytes) / (t.median_ms * 1e-3);
}

// [SECTION] the four quantities
void bench_t5(int repeats, const std::string& out_dir) {
    Eigen::MatrixXi buckets;
    const Timing t = time_repeated(repeats, [&] {
        buckets = pelab::t5_bucket_matrix(kT5Length, kT5NumBuckets, kT5MaxDistance, kT5Bidirectional);
        g_result_sink = buckets(kT5Length - 1, 0);
    }, [&] { buckets.resize(0, 0); });
    const std::string file_name = "t5.int32";
    if (!out_dir.empty()) {
        std::FILE* file = open_output(out_dir, file_name);
        close_output(file, append_row_major<int>(file, buckets), file_name);
    }
    std::printf(
        "{\"quantity\":\"t5\",\"label\":\"T5 buckets L=%d\",\"params\":{\"L\":%d,\"num_buckets\":%d,"
        "\"max_distance\":%d,\"bidirectional\":%s},\"repeats\":%d,\"threads\":1,\"median_ms\":%.4f,"
        "\"min_ms\":%.4f,\"bytes_written\":%.0f,\"file\":%s,\"dtype\":\"int32\",\"shape\":[%d,%d]}\n",
        kT5Length, kT5Length, kT5NumBuckets, kT5MaxDistance, kT5Bidirectional ? "true" : "false", repeats,
        t.median_ms, t.min_ms, double(kT5Length) * kT5Length * sizeof(int), json_file_field(out_dir, file_name).c_str(), kT5Length, kT5Length);
}

void bench_rope(int repeats, const std::string& out_dir) {
    // Seeded q and k in [−1, 1); they go into the output file so the torch side uses the same vectors.
    pelab::SplitMix64 rng(kRopeSeed);
    Eigen::VectorXd q(kRopeDim), k(kRopeDim);
    for (int i = 0; i < kRopeDim; ++i) q(i) = rng.next_signed();
    for (int i = 0; i < kRopeDim; ++i) k(i) = rng.next_signed();
    Eigen::MatrixXd scores;
    // The frequencies are part of the timed work, as the torch side builds its cos/sin tables too.
    const Timing t = time_repeated(repeats, [&] {
        const Eigen::VectorXd theta = pelab::rope_default_inv_freq(kRopeDim, kRopeBase);
        scores = pelab::rope_scores(kRopeLength, theta, q, k, pelab::RopeLayout::half);
        g_result_sink = scores(kRopeLength - 1, 0);
    }, [&] { scores.resize(0, 0); });
    const std::string file_name = "rope.float64";
    const std::string qk_name = "rope_qk.float64";
    if (!out_dir.empty()) {
        std::FILE* file = open_output(out_dir, file_name);
        close_output(file, append_row_major<double>(file, scores), file_name);
        std::FILE* qk_file = open_output(out_dir, qk_name);
        close_output(qk_file, write_vector(qk_file, q) && write_vector(qk_file, k), qk_name);
    }
    std::printf(
        "{\"quantity\":\"rope\",\"label\":\"RoPE scores L=%d d=%d\",\"params\":{\"L\":%d,\"d\":%d,\"base\":%.17g,"
        "\"layout\":\"half\",\"seed\":%llu},\"repeats\":%d,\"threads\":1,\"median_ms\":%.4f,\"min_ms\":%.4f,"
        "\"bytes_written\":%.0f,\"file\":%s,\"dtype\":\"float64\",\"shape\":[%d,%d],\"qk_file\":%s,\"qk_shape\":[2,%d]}\n",
        kRopeLength, kRopeDim, kRopeLength, kRopeDim, kRopeBase, static_cast<unsigned long long>(kRopeSeed),
        repeats, t.median_ms, t.min_ms, double(kRopeLength) * kRopeLength * sizeof(double),
        json_file_field(out_dir, file_name).c_str(), kRopeLength, kRopeLength,
        json_file_field(out_dir, qk_name).c_str(), kRopeDim);
}

void bench_alibi(int repeats, const std::string& out_dir) {
    // All heads are kept, as torch's (H, L, L) tensor is: 16 × 4096² doubles = 2 GiB resident.
    std::vector<Eigen::MatrixXd> bias_per_head;
    const auto release_heads = [&] {
        bias_per_head.clear();
        bias_per_head.shrink_to_fit();
    };
    const Timing t = time_repeated(repeats, [&] {
        const std::vector<double> slopes = pelab::alibi_slopes(kAlibiHeads);
        bias_per_head.reserve(slopes.size());
        for (double slope : slopes)
            bias_per_head.push_back(pelab::alibi_bias(kAlibiLength, slope, pelab::AlibiMode::causal));
        g_result_sink = bias_per_head.back()(kAlibiLength - 1, 0);
    }, release_heads);
    // First, middle and last head: they cover the largest, a middle and the smallest slope.
    const std::vector<int> heads_written = {0, kAlibiHeads / 2, kAlibiHeads - 1};
    const std::string file_name = "alibi.float64";
    if (!out_dir.empty()) {
        std::FILE* file = open_output(out_dir, file_name);
        bool ok = true;
        for (int h : heads_written) ok = ok && append_row_major<double>(file, bias_per_head[static_cast<std::size_t>(h)]);
        close_output(file, ok, file_name);
    }
    release_heads();
    std::string heads_json;
    for (std::size_t i = 0; i < heads_written.size(); ++i)
        heads_json += (i ? "," : "") + std::to_string(heads_written[i]);
    std::printf(
        "{\"quantity\":\"alibi\",\"label\":\"ALiBi bias L=%d H=%d\",\"params\":{\"L\":%d,\"heads\":%d,"
        "\"mode\":\"causal\"},\"repeats\":%d,\"threads\":1,\"median_ms\":%.4f,\"min_ms\":%.4f,\"bytes_written\":%.0f,"
        "\"file\":%s,"
        "\"dtype\":\"float64\",\"shape\":[%zu,%d,%d],\"heads_written\":[%s]}\n",
        kAlibiLength, kAlibiHeads, kAlibiLength, kAlibiHeads, repeats, t.median_ms, t.min_ms,
        double(kAlibiHeads) * kAlibiLength * kAlibiLength * sizeof(double),
        json_file_field(out_dir, file_name).c_str(), heads_written.size(), kAlibiLength, kAlibiLength,
        heads_json.c_str());
}

void bench_sinusoidal(int repeats, const std::string& out_dir) {
    Eigen::MatrixXd table;
    const Timing t = time_repeated(repeats, [&] {
        table = pelab::sinusoidal_pe(kSinusoidalLength, kSinusoidalDim, kSinusoidalBase, pelab::PeVariant::vaswani);
        g_result_sink = table(kSinusoidalLength - 1, 0);
    }, [&] { table.resize(0, 0); });
    const std::string file_name = "sinusoidal.float64";
    if (!out_dir.empty()) {
        std::FILE* file = open_output(out_dir, file_name);
        close_output(file, append_row_major<double>(file, table), file_name);
    }
    std::printf(
        "{\"quantity\":\"sinusoidal\",\"label\":\"Sinusoidal PE L=%d d=%d\",\"params\":{\"L\":%d,\"d\":%d,"
        "\"base\":%.17g,\"variant\":\"vaswani\"},\"repeats\":%d,\"threads\":1,\"median_ms\":%.4f,"
        "\"min_ms\":%.4f,\"bytes_written\":%.0f,\"file\":%s,\"dtype\":\"float64\",\"shape\":[%d,%d]}\n",
        kSinusoidalLength, kSinusoidalDim, kSinusoidalLength, kSinusoidalDim, kSinusoidalBase, repeats,
        t.median_ms, t.min_ms, double(kSinusoidalLength) * kSinusoidalDim * sizeof(double),
        json_file_field(out_dir, file_name).c_str(), kSinusoidalLength, kSinusoidalDim);
}

void print_machine_line(int repeats) {
    const std::string compiler = pelab::compiler_version();
#ifdef NDEBUG
    const char* const assertions = "off";
#else
    const char* const assertions = "on";
#endif
    std::printf("{\"machine\":\"core\",\"compiler\":%s,\"eigen\":\"%d.%d.%d\",\"eigen_threads\":%d,"
                "\"assertions\":\"%s\",\"memcpy_bytes_per_s\":%.0f}\n",
                pelab::json_string(compiler).c_str(), EIGEN_WORLD_VERSION, EIGEN_MAJOR_VERSION, EIGEN_MINOR_VERSION,
                Eigen::nbThreads(), assertions, memcpy_bytes_per_second(repeats));
}

int usage_error(const std::string& message) {
    std::fprintf(stderr, "pelab-bench-core: %s\n%s", message.c_str(), kUsage);
    return kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
    int repeats = 5;
    std::string out_dir;
    std::vector<std::string> selected = {"t5", "rope", "alibi", "sinusoidal"};
    for (int a = 1; a < argc; ++a) {
        const std::string arg = argv[a];
        const bool has_value = a + 1 < argc;
        if (arg == "--help" || arg == "-h") {
            std::fputs(kUsage, stdout);
            return 0;
        } else if (arg == "--repeats" && has_value) {
            char* end = nullptr;
            const long value = std::strtol(argv[++a], &end, 10);
            if (!end || *end != '\0' || value < 1 || value > 1000) return usage_error("--repeats wants 1..1000");
            repeats = static_cast<int>(value);
        } else if (arg == "--out-dir" && has_value) {
            out_dir = argv[++a];
        } else if (arg == "--only" && has_value) {
            selected.clear();
            std::string list = argv[++a];
            std::size_t start = 0;
            while (start <= list.size()) {
                const std::size_t comma = list.find(',', start);
                const std::string name = list.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
                if (name != "t5" && name != "rope" && name != "alibi" && name != "sinusoidal")
                    return usage_error("--only: unknown quantity '" + name + "'");
                selected.push_back(name);
                if (comma == std::string::npos) break;
                start = comma + 1;
            }
        } else {
            return usage_error("unknown or incomplete argument '" + arg + "'");
        }
    }

    print_machine_line(repeats);
    std::fflush(stdout);
    for (const std::string& name : selected) {
        if (name == "t5") bench_t5(repeats, out_dir);
        if (name == "rope") bench_rope(repeats, out_dir);
        if (name == "alibi") bench_alibi(repeats, out_dir);
        if (name == "sinusoidal") bench_sinusoidal(repeats, out_dir);
        std::fflush(stdout);  // a line per quantity as soon as it is done
    }
    return 0;
}
