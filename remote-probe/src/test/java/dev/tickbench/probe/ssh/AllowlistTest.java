package dev.tickbench.probe.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What an exec request may run, and how its words are split (quotes only, no shell). */
class AllowlistTest {
    @Test
    void splitsLikeAShellQuotesButExpandsNothing() {
        assertEquals(
                List.of("walk", "--cgroup", "/kubepods.slice/my pod"),
                CommandLineSplitter.split("walk --cgroup '/kubepods.slice/my pod'"));
        assertEquals(
                List.of("stream", "a\"b", "$(id)", ";", "x y"),
                CommandLineSplitter.split("stream \"a\\\"b\" $(id) ; x\\ y"));
        assertEquals(List.of(), CommandLineSplitter.split("   "));
        assertNull(CommandLineSplitter.split("stream 'unclosed"));
    }

    @Test
    void onlyTheProbesCommandsAreAllowed() {
        assertNull(Allowlist.refusal(List.of("stream", "--rate", "100")));
        assertNull(Allowlist.refusal(List.of("capabilities")));
        assertNull(Allowlist.refusal(List.of("walk", "--pid", "1")));
        assertNull(Allowlist.refusal(List.of("procs", "--json")));
        assertNull(Allowlist.refusal(List.of("throttle", "replay", "capture.ndjson.gz")));
        assertEquals("only 'throttle replay' is offered over SSH", Allowlist.refusal(List.of("throttle", "run")));
        assertTrue(Allowlist.refusal(List.of()).startsWith("no shell here"));
        assertEquals("unbalanced quotes in the command", Allowlist.refusal(null));
        for (String denied :
                new String[] {"bash", "sh", "serve", "record", "csv", "bench", "--version", "scp", "internal-sftp"}) {
            String r = Allowlist.refusal(List.of(denied));
            assertNotNull(r, denied);
            assertTrue(r.contains("is not offered"), r);
            assertTrue(r.endsWith("stream, capabilities, walk, procs, throttle replay"), r);
        }
        assertTrue(
                Allowlist.refusal(List.of("\u001b[2Jevil")).startsWith("'\\x1b[2Jevil'"),
                "control characters are escaped");
    }
}
