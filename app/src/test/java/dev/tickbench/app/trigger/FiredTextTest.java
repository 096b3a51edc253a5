package dev.tickbench.app.trigger;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * The Fired list's words for what made a trigger fire: the values of real {@code trigger} lines, as the
 * probe writes them (FORMAT.md, "trigger"), each number with its unit as the crosshair writes it.
 */
class FiredTextTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String text(String kind, String values) throws Exception {
        return FiredText.of(kind, JSON.readTree(values));
    }

    @Test
    void aConditionIsItsValueWithItsUnitNotItsJson() throws Exception {
        assertEquals("93.48 %", text("condition", "{\"psi.cpu.some_pct\":93.48312900691507,\"unit\":\"%\"}"));
        assertEquals("1\u00a0234\u00a0567 kB", text("condition", "{\"meminfo.MemFree\":1234567,\"unit\":\"kB\"}"));
    }

    @Test
    void aChangeSaysWhatItWasOrHowMuchItMovedAndHowLongItWasFlat() throws Exception {
        assertEquals(
                "600 MHz (was 2000 MHz)",
                text("change", "{\"cpufreq.cpu0_mhz\":600.0,\"previous\":2000.0,\"unit\":\"MHz\"}"));
        assertEquals(
                "40 ms/s (+4 on the tick) after 1.5 s flat",
                text("change", "{\"diskstats.sdb.io_ms\":40.0,\"delta\":4,\"unit\":\"ms/s\",\"flat_s\":1.5}"));
    }

    @Test
    void aKernelRecordIsQuotedEscapedWithItsPriorityAndHowManyMatched() throws Exception {
        assertEquals(
                "\"Out of memory: Killed process 42 \\x1b[2J\" (prio 3, 2 records)",
                text(
                        "kmsg",
                        "{\"msg\":\"Out of memory: Killed process 42 \\u001b[2J\",\"prio\":3,\"kmsg_seq\":812,\"us\":123456,\"matches\":2}"));
        assertEquals(
                "\"oom\" (prio 6)", text("kmsg", "{\"msg\":\"oom\",\"prio\":6,\"kmsg_seq\":1,\"us\":5,\"matches\":1}"));
    }

    @Test
    void aKernelPsiTriggerIsItsEventsAndTheAveragesAtTheLast() throws Exception {
        assertEquals(
                "1 event, some avg10 45.2 %, full avg10 3.1 %",
                text(
                        "psi",
                        "{\"events\":1,\"file\":\"/proc/pressure/io\","
                                + "\"threshold_us\":150000,\"window_us\":2000000,\"some_avg10\":45.2,\"some_avg60\":12.0,\"some_avg300\":3.0,"
                                + "\"some_total_us\":99123,\"full_avg10\":3.1}"));
    }

    @Test
    void aFieldANewerProbeAddsIsListedByItsName() throws Exception {
        assertEquals("81.5 °C, zone 2", text("condition", "{\"thermal_zone0_c\":81.5,\"unit\":\"°C\",\"zone\":2}"));
        assertEquals("level 3, why hot", text("future", "{\"level\":3,\"why\":\"hot\"}"));
    }
}
