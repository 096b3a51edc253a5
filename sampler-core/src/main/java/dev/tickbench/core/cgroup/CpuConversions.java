package dev.tickbench.core.cgroup;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * How Kubernetes resources become cgroup values (docs/walk.md): {@code limits.cpu} → quota per
 * period; {@code requests.cpu} → cpu.shares (CRI still speaks shares) → cpu.weight, under the old
 * linear mapping and the current OCI (opencontainers/cgroups) one; and back.
 */
public final class CpuConversions {
    /** kubelet {@code cpuCFSQuotaPeriod} default: 100 ms. */
    public static final long DEFAULT_PERIOD_US = 100_000;
    /** The kernel's cpu.shares bounds (MIN_SHARES, MAX_SHARES). */
    public static final long MIN_SHARES = 2;

    public static final long MAX_SHARES = 262_144;
    public static final int MIN_WEIGHT = 1;
    public static final int MAX_WEIGHT = 10_000;

    private CpuConversions() {}

    /**
     * {@code limits.cpu} ({@code "2"}, {@code "500m"}, {@code "1.5"}) → cpu.max at {@code periodUs}:
     * quota = millicores × period / 1000 ({@code 2} → {@code 200000 100000}).
     *
     * @throws IllegalArgumentException for a quantity that is not a CPU amount
     */
    public static CpuMax limitToCpuMax(String limit, long periodUs) {
        long milli = millicores(limit);
        return new CpuMax(milli * periodUs / 1000, periodUs);
    }

    public static CpuMax limitToCpuMax(String limit) {
        return limitToCpuMax(limit, DEFAULT_PERIOD_US);
    }

    /** A CPU quantity in millicores: {@code "500m"} → 500, {@code "2"} → 2000, {@code "0.25"} → 250. */
    public static long millicores(String quantity) {
        String q = quantity == null ? "" : quantity.trim();
        try {
            BigDecimal v = q.endsWith("m")
                    ? new BigDecimal(q.substring(0, q.length() - 1))
                    : new BigDecimal(q).movePointRight(3);
            if (v.signum() < 0) {
                throw new IllegalArgumentException("a CPU quantity cannot be negative: '" + quantity + "'");
            }
            // Kubernetes rounds CPU quantities up to whole millicores
            return v.setScale(0, RoundingMode.CEILING).longValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("not a CPU quantity (like 2, 500m, 0.5): '" + quantity + "'");
        }
    }

    /** kubelet's MilliCPUToShares: {@code requests.cpu} → shares, at least 2. */
    public static long requestToShares(long millicores) {
        return Math.max(MIN_SHARES, Math.min(MAX_SHARES, millicores * 1024 / 1000));
    }

    /** The historical linear mapping: {@code 1 + ((shares − 2) × 9999) / 262142}; 1024 → 39. */
    public static int linearWeight(long shares) {
        long s = clampShares(shares);
        return (int) (1 + ((s - 2) * 9999) / 262_142);
    }

    /**
     * The OCI runtime mapping (opencontainers/cgroups ConvertCPUSharesToCgroupV2Value):
     * {@code l = log2(shares); exponent = (l² + 125·l)/612 − 7/34; weight = ceil(10^exponent)};
     * 1024 → 100 (the v2 default), minimum shares 2 → 1, maximum 262144 → 10000.
     */
    public static int ociWeight(long shares) {
        long s = clampShares(shares);
        if (s <= MIN_SHARES) {
            return MIN_WEIGHT;
        }
        if (s >= MAX_SHARES) {
            return MAX_WEIGHT;
        }
        double l = Math.log(s) / Math.log(2);
        double exponent = (l * l + 125 * l) / 612.0 - 7.0 / 34.0;
        return (int) Math.min(MAX_WEIGHT, Math.ceil(Math.pow(10, exponent)));
    }

    /** Which mapping a runtime used to write cpu.weight from shares. */
    public enum Mapping {
        LINEAR,
        OCI
    }

    public static int weight(long shares, Mapping mapping) {
        return mapping == Mapping.LINEAR ? linearWeight(shares) : ociWeight(shares);
    }

    /**
     * What a cpu.weight implies: the smallest shares that map to it under {@code mapping}, and the
     * request (millicores) kubelet turns into those shares. Both mappings are monotonic, so a binary
     * search over the shares range is exact.
     *
     * @return null when no shares value maps to exactly this weight (a weight written by hand)
     */
    public static ImpliedRequest impliedRequest(int weight, Mapping mapping) {
        long lo = firstSharesAtLeast(weight, mapping);
        if (lo > MAX_SHARES || weight(lo, mapping) != weight) {
            return null;
        }
        // the smallest request whose shares reach lo: kubelet computes shares = milli × 1024 / 1000
        long milli = (lo * 1000 + 1023) / 1024;
        while (milli > 0 && requestToShares(milli - 1) >= lo) {
            milli--;
        }
        while (requestToShares(milli) < lo) {
            milli++;
        }
        return new ImpliedRequest(lo, lo <= MIN_SHARES ? 0 : milli);
    }

    /**
     * The {@code requests.cpu} a v1 level's cpu.shares come from. On v1 kubelet writes the shares
     * themselves ({@code shares = millicores × 1024 / 1000}, rounded down, at least 2), so no weight
     * mapping is involved and the answer is the same under the old and the new mapping: 1024 shares are
     * 1000m (docs/cgroup-requests.md). Each request above 1m gives its own shares (1.024 per millicore),
     * so the request is exact; 2 shares are anything up to 2m (BestEffort is 0).
     *
     * @return null when no request gives exactly these shares (shares written by hand)
     */
    public static RequestRange sharesToRequest(long shares) {
        if (shares < MIN_SHARES || shares > MAX_SHARES) {
            return null;
        }
        return millicoresFor(shares, shares);
    }

    /**
     * The {@code requests.cpu} range a v2 cpu.weight implies under {@code mapping}: every request whose
     * shares map to exactly this weight. A weight is coarser than shares (10000 values for 262143), so
     * one weight stands for a range of requests: under the OCI mapping 100 is 989m–1000m, under the
     * linear one 100 is 2538m–2562m (docs/cgroup-requests.md).
     *
     * @return null when no request maps to this weight (a weight written by hand)
     */
    public static RequestRange weightToRequest(int weight, Mapping mapping) {
        long lo = firstSharesAtLeast(weight, mapping);
        if (lo > MAX_SHARES || weight(lo, mapping) != weight) {
            return null;
        }
        return millicoresFor(lo, firstSharesAtLeast(weight + 1, mapping) - 1);
    }

    /** The smallest shares whose weight is at least {@code weight} (both mappings are monotonic); MAX_SHARES + 1 when none. */
    private static long firstSharesAtLeast(int weight, Mapping mapping) {
        if (weight(MAX_SHARES, mapping) < weight) {
            return MAX_SHARES + 1;
        }
        long lo = MIN_SHARES;
        long hi = MAX_SHARES;
        while (lo < hi) {
            long mid = (lo + hi) >>> 1;
            if (weight(mid, mapping) >= weight) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** The requests kubelet turns into shares within {@code [loShares, hiShares]}; null when none. */
    private static RequestRange millicoresFor(long loShares, long hiShares) {
        if (loShares <= MIN_SHARES) {
            long max = maxMillicoresFor(hiShares);
            return new RequestRange(0, max);
        }
        long min = (loShares * 1000 + 1023) / 1024; // the smallest m with m × 1024 / 1000 ≥ loShares
        while (min > 0 && millicoresToSharesRaw(min - 1) >= loShares) {
            min--;
        }
        while (millicoresToSharesRaw(min) < loShares) {
            min++;
        }
        long max = maxMillicoresFor(hiShares);
        return min > max ? null : new RequestRange(min, max);
    }

    /** The largest request whose shares are at most {@code shares}. */
    private static long maxMillicoresFor(long shares) {
        long m = (shares + 1) * 1000 / 1024 + 1;
        while (millicoresToSharesRaw(m) > shares) {
            m--;
        }
        return m;
    }

    private static long millicoresToSharesRaw(long millicores) {
        return Math.max(MIN_SHARES, millicores * 1024 / 1000);
    }

    /**
     * A range of {@code requests.cpu} in millicores, both ends included; {@link #label()} words it
     * ({@code 1000m}, {@code 989-1000m}, {@code <= 2m}).
     */
    public record RequestRange(long minMillicores, long maxMillicores) {
        public String label() {
            if (minMillicores == 0) {
                return "<= " + maxMillicores + "m";
            }
            return minMillicores == maxMillicores ? minMillicores + "m" : minMillicores + "-" + maxMillicores + "m";
        }
    }

    /**
     * @param shares the smallest cpu.shares giving the weight
     * @param millicores the smallest {@code requests.cpu} giving those shares (0 for the minimum:
     *     BestEffort pods and tiny requests all get 2 shares)
     */
    public record ImpliedRequest(long shares, long millicores) {}

    private static long clampShares(long shares) {
        return Math.max(MIN_SHARES, Math.min(MAX_SHARES, shares));
    }
}
