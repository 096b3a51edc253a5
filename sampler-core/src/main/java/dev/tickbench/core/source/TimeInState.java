package dev.tickbench.core.source;

/**
 * The parse of the kernel's time-per-state tables, one small file per device, each line
 * {@code <state> <time>}: cpufreq's {@code policyN/stats/time_in_state} ({@code 1800000 4711}: kHz,
 * USER_HZ ticks; the catalogue's {@code cpufreq_time_in_state}, keys {@code policyN.<kHz>}) and a cooling
 * device's {@code stats/time_in_state_ms} ({@code state0\t1234}: ms; {@code cooling_time_in_state}, keys
 * {@code cooling_deviceN.stateS}). Counters, where the kernel keeps the statistics
 * (CONFIG_CPU_FREQ_STAT, CONFIG_THERMAL_STATISTICS).
 */
final class TimeInState {
    private TimeInState() {}

    /** Lines {@code <state> <time>} (space or tab): the state's token as key, the time as value; others skipped. */
    static void parse(TextScanner s, ValueTable out) {
        byte[] b = s.bytes();
        while (s.nextLine()) {
            if (!s.nextToken()) {
                continue;
            }
            int ks = s.tokenStart();
            int ke = s.tokenEnd();
            if (s.nextToken() && s.tokenIsNumber()) {
                out.put(b, ks, ke, s.tokenLong());
            }
        }
    }
}
