#!/usr/bin/env python3
"""Reference numbers for src/stats: Elo, nElo and SPRT LLRs computed with fishtest's formulas.

A second implementation, written from the formulas of fishtest's server/fishtest/stats
(LLRcalc.py: results_to_pdf, MLE_expected, MLE_t_value, LLR_logistic, LLR_normalized;
stat_util.py: get_elo; templates: the nElo line with t_conf), in plain Python with scipy's
brentq root finder and normal quantile, so that it shares no code with the Rust module. Its
output is what crates/tools/tests/stats.rs checks against. Not part of CI.

Usage (pip install scipy):
    python3 tests/tools/stats_reference.py

Counts are lists in fishtest's order: trinomial [L, D, W], pentanomial [LL, LD, DD+WL, WD, WW].
"""

import math

from scipy.optimize import brentq
from scipy.stats import norm

NELO_PER_T = 800 / math.log(10)


def pdf_of(counts):
    """(samples, [(per-game score, probability)]) with empty bins weighted 1e-3."""
    weights = [c if c else 1e-3 for c in counts]
    total = sum(weights)
    last = len(counts) - 1
    return total, [(i / last, w / total) for i, w in enumerate(weights)]


def moments(pdf):
    mean = sum(p * a for a, p in pdf)
    central = [sum(p * (a - mean) ** k for a, p in pdf) for k in (2, 3, 4)]
    var = central[0]
    return mean, var, central[1] / var**1.5, central[2] / var**2 - 3


def reweight(pdf, shifts):
    """The MLE q_i = p_i / (1 + x a_i) under sum q_i a_i = 0, a_i = shifts[i]."""
    lo, hi = -1 / max(shifts), -1 / min(shifts)
    eps = 1e-12 * (hi - lo)

    def f(x):
        return sum(p * a / (1 + x * a) for (_, p), a in zip(pdf, shifts))

    x = brentq(f, lo + eps, hi - eps, xtol=1e-15, rtol=1e-15, maxiter=500)
    return [(v, p / (1 + x * a)) for (v, p), a in zip(pdf, shifts)]


def fit_mean(pdf, s):
    return reweight(pdf, [v - s for v, _ in pdf])


def fit_t(pdf, ref, t):
    fit = [(v, 1 / len(pdf)) for v, _ in pdf]
    for _ in range(10):
        mu, var, _, _ = moments(fit)
        sigma = math.sqrt(var)
        shifts = [v - ref - t * sigma * (1 + ((mu - v) / sigma) ** 2) / 2 for v, _ in pdf]
        new = reweight(pdf, shifts)
        done = max(abs(a[1] - b[1]) for a, b in zip(new, fit)) < 1e-9
        fit = new
        if done:
            break
    return fit


def llr(counts, elo0, elo1, model):
    samples, pdf = pdf_of(counts)
    games_per_sample = (len(counts) - 1) // 2
    if model == "logistic":
        h0, h1 = (fit_mean(pdf, 1 / (1 + 10 ** (-e / 400))) for e in (elo0, elo1))
    else:
        h0, h1 = (
            fit_t(pdf, 0.5, e / NELO_PER_T * math.sqrt(games_per_sample)) for e in (elo0, elo1)
        )
    return samples * sum(p * math.log(b[1] / a[1]) for (_, p), a, b in zip(pdf, h0, h1))


def to_elo(score):
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / score - 1)


def logistic_elo(counts):
    samples, pdf = pdf_of(counts)
    mean, var, _, _ = moments(pdf)
    margin = norm.ppf(0.975) * math.sqrt(var / samples)
    return to_elo(mean), to_elo(mean - margin), to_elo(mean + margin)


def normalized_elo(counts):
    samples, pdf = pdf_of(counts)
    mean, var, skew, exkurt = moments(pdf)
    t = (mean - 0.5) / math.sqrt(var)
    var_t = max(1 - t * skew + 0.25 * t * t * (exkurt + 2), 0)
    scale = NELO_PER_T / math.sqrt((len(counts) - 1) // 2)
    return scale * t, scale * norm.ppf(0.975) * math.sqrt(var_t / samples)


CASES = [
    [10789, 19328, 33806, 19402, 10543],
    [39, 2226, 31451, 2412, 40],
    [1187, 7410, 13475, 7378, 1164],
    [39, 8843, 26675, 9240, 44],
    [12, 60, 150, 80, 20],
    [0, 3, 10, 6, 1],
    [65804, 56553, 65388],
    [130, 400, 170],
    [0, 5, 20],
]

SPRTS = [
    (0.0, 2.0, "normalized"),
    (0.5, 2.5, "normalized"),
    (-1.75, 0.25, "normalized"),
    (0.0, 5.0, "logistic"),
]


def main():
    for counts in CASES:
        elo, lower, upper = logistic_elo(counts)
        nelo, nelo_error = normalized_elo(counts)
        print(f"{counts}")
        print(f"  elo {elo:.10f} lower {lower:.10f} upper {upper:.10f}")
        print(f"  nelo {nelo:.10f} error {nelo_error:.10f}")
        for elo0, elo1, model in SPRTS:
            print(f"  llr {model} [{elo0}, {elo1}] {llr(counts, elo0, elo1, model):.10f}")


if __name__ == "__main__":
    main()
