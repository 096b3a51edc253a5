package dev.tickbench.app.session;

import dev.tickbench.core.text.Numbers;
import java.util.Locale;

/**
 * A session's published rate against what arrived (docs/workbench-charts.md).
 *
 * @param publishedHz the rate the hello publishes
 * @param achievedHz samples received per second between the session's first and newest sample
 * @param missed ticks missed: sequence numbers never received, or periods with no sample
 */
public record RateStats(int publishedHz, double achievedHz, long missed) {
    /** "100 Hz · 82 Hz achieved · 12 040 missed" (one decimal below 10 Hz). */
    public String text() {
        String achieved = achievedHz < 10
                ? String.format(Locale.ROOT, "%.1f", achievedHz)
                : String.format(Locale.ROOT, "%.0f", achievedHz);
        return String.format(
                Locale.ROOT, "%d Hz · %s Hz achieved · %s missed", publishedHz, achieved, Numbers.count(missed));
    }
}
