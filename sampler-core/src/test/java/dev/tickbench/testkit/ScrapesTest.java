package dev.tickbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ScrapesTest {
    @Test
    void onlyTheReadTimeAfterAValueGoes() {
        String text = "# HELP a_total A counter.\n"
                + "a_total{mode=\"user\"} 0.35 1733480000223\n"
                + "b{label=\"Core 0\",x=\"q\\\"} 7\"} 63\n"
                + "c 1\n";
        assertEquals(
                "# HELP a_total A counter.\n" + "a_total{mode=\"user\"} 0.35\n"
                        + "b{label=\"Core 0\",x=\"q\\\"} 7\"} 63\n" + "c 1\n",
                Scrapes.withoutReadTimes(text));
    }
}
