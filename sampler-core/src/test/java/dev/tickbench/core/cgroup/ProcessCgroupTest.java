package dev.tickbench.core.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The picker's rows from a fixture /proc: command lines cut at their bound, names kept as written. */
class ProcessCgroupTest {
    @TempDir
    Path proc;

    private void write(String rel, byte[] bytes) throws IOException {
        Path p = proc.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.write(p, bytes);
    }

    private ProcessCgroup row(long pid) throws IOException {
        List<ProcessCgroup> all = ProcessCgroup.list(SystemRoots.of(proc, proc.resolve("sys")));
        return all.stream().filter(p -> p.pid() == pid).findFirst().orElseThrow();
    }

    @Test
    void aLongCommandLineIsCutAtItsBoundAndMarked() throws IOException {
        byte[] arg = new byte[128 * 1024];
        Arrays.fill(arg, (byte) 'a');
        byte[] cmdline = new byte[45 * (arg.length + 1)];
        for (int i = 0; i < 45; i++) {
            System.arraycopy(arg, 0, cmdline, i * (arg.length + 1), arg.length);
        }
        write("7/cmdline", cmdline);
        write("7/cgroup", "0::/a\n".getBytes(StandardCharsets.UTF_8));
        ProcessCgroup p = row(7);
        assertTrue(p.commandCut());
        assertEquals("a".repeat(ProcessCgroup.COMMAND_BYTES), p.command());
        assertEquals("/a", p.cgroup());

        write("8/cmdline", ("b".repeat(ProcessCgroup.COMMAND_BYTES - 1) + "\0").getBytes(StandardCharsets.UTF_8));
        ProcessCgroup whole = row(8);
        assertFalse(whole.commandCut(), "exactly the bound, its NUL included, is whole");
        assertEquals("b".repeat(ProcessCgroup.COMMAND_BYTES - 1), whole.command());
    }

    @Test
    void aCutInsideAUtf8SequenceDropsItsFirstBytes() {
        byte[] euro = "€".getBytes(StandardCharsets.UTF_8); // E2 82 AC
        byte[] b = {'x', euro[0], euro[1]};
        assertEquals("x", ProcessCgroup.command(b, true));
        assertEquals("x€", ProcessCgroup.command(new byte[] {'x', euro[0], euro[1], euro[2]}, true));
        assertEquals("x\uFFFD", ProcessCgroup.command(b, false), "an uncut file's bytes are its own");
        byte[] emoji = "\uD83D\uDE00".getBytes(StandardCharsets.UTF_8); // 4 bytes
        assertEquals("y", ProcessCgroup.command(new byte[] {'y', emoji[0], emoji[1], emoji[2]}, true));
        assertEquals("é", ProcessCgroup.command("é".getBytes(StandardCharsets.UTF_8), true));
    }

    @Test
    void namesAreKeptAsWrittenNothingTrimmed() throws IOException {
        write("9/cmdline", "\u001b[31mred\0 spaced \0\0\0".getBytes(StandardCharsets.UTF_8));
        write("9/cgroup", "1:cpu:/tb-space \n0::/\u001btb-esc\n".getBytes(StandardCharsets.UTF_8));
        ProcessCgroup p = row(9);
        assertEquals(
                "\u001b[31mred  spaced ",
                p.command(),
                "a leading ESC and the arguments' own spaces are kept; trailing NULs go");
        assertEquals("/tb-space ", p.cgroupV1Cpu());
        assertEquals("/\u001btb-esc", p.cgroupV2());
        write("10/cmdline", new byte[0]);
        write("10/comm", "\u001bkw \n".getBytes(StandardCharsets.UTF_8));
        assertEquals("[\u001bkw ]", row(10).command(), "comm without only its newline");
    }
}
