#!/usr/bin/env python3
# PE Lab — scripts/golden/example_lesson.py: the golden values of tests/lessons/example_lesson_test.cpp, computed
# from the definitions with the standard library only (double precision, no numpy), independently of the C++
# under test. Each line names the test that compares it and the value the test expects; a test quotes the value
# with the tolerance it needs. Run it from anywhere: python3 scripts/golden/example_lesson.py
#
# [SECTION] the definitions
# [SECTION] the values, per test
import math


# [SECTION] the definitions
def rope_inv_freq(d, base):
    """RoPE's frequencies θᵢ = base^(−2i/d), i = 0 … d/2 − 1 (Su et al. 2021; Hugging Face's inv_freq)."""
    return [base ** (-2.0 * i / d) for i in range(d // 2)]


def turned(v, angle):
    """The 2-D vector v turned by `angle` radians."""
    c, s = math.cos(angle), math.sin(angle)
    return (c * v[0] - s * v[1], s * v[0] + c * v[1])


def dial_score(q, k, theta):
    """distance-as-angle: the dot product of the query (length 1) turned by qθ and the key (length 0.8) by kθ."""
    a, b = turned((1.0, 0.0), q * theta), turned((0.8, 0.0), k * theta)
    return a[0] * b[0] + a[1] * b[1]


def rope_ones_score(q, k, d, base):
    """long-sequence-map: RoPE's score <R_q 1, R_k 1> of an all-ones query and key of dimension d, pair by pair."""
    total = 0.0
    for theta in rope_inv_freq(d, base):
        a, b = turned((1.0, 1.0), q * theta), turned((1.0, 1.0), k * theta)
        total += a[0] * b[0] + a[1] * b[1]
    return total


# [SECTION] the values, per test
def main():
    L = 5
    print("DistanceHeatmapIsCoreMatrixWithHover: L=%d cells %d, distances %d, D(1, 3) = %d" % (L, L * L, 2 * L - 1, 1 - 3))
    L = 3
    print("PairCountsInChinese: L=%d pairs per distance %s, sum %d" %
          (L, [L - abs(delta) for delta in range(-(L - 1), L)], L * L))
    q, k, s, theta = 5, 2, 4, 0.5
    print("DialsTurnQueryAndKeyByTheirPositions: angles %.17g %.17g %.17g %.17g, arc %.17g rad, score %.6g before, %.6g after"
          % (q * theta, k * theta, (q + s) * theta, (k + s) * theta, (q - k) * theta, dial_score(q, k, theta),
             dial_score(q + s, k + s, theta)))
    drawn = math.remainder((9 - 2) * 0.5, 2 * math.pi)
    print("AnAngleBeyondHalfATurnSaysWhichAngleIsDrawn: (9 − 2)·0.5 = %.3g rad, drawn %.3g rad" % ((9 - 2) * 0.5, drawn))
    d, base, train, p = 16, 10000.0, 128, 200
    turns = [train * t / (2 * math.pi) for t in rope_inv_freq(d, base)]
    never = sum(1 for t in turns if t < 1)
    bits = max(d // 2, p.bit_length())
    print("OdometerPairsAndTheirTurnsInTraining: %d of %d pairs never turn in %d positions; %d bits for p = %d, %d for p = 3000"
          % (never, d // 2, train, bits, p, max(d // 2, (3000).bit_length())))
    n, q, k = 4096, 5, 2
    far = n - 1 - max(q, k)
    print("LongMapIsRopeScoreOverEveryPair: n=%d cells %d, distances %d, frequencies %d; score %.6g at (%d, %d), %.6g at (%d, %d)"
          % (n, n * n, 2 * n - 1, d // 2, rope_ones_score(q, k, d, base), q, k, rope_ones_score(q + far, k + far, d, base),
             q + far, k + far))
    print("LongMapIsRopeScoreOverEveryPair: ratio n²/(2n − 1) = %.4g" % (n * n / (2 * n - 1)))


if __name__ == "__main__":
    main()
