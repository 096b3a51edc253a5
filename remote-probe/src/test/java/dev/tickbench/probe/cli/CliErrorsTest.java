package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad flags: a one-line error naming the flag and the allowed range, exit 2, nothing started. */
class CliErrorsTest {
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "capabilities --rate 0|--rate must be from 1 to 1000 Hz, got 0",
                "capabilities --rate 1001|--rate must be from 1 to 1000 Hz, got 1001",
                "stream --rate fast|--rate must be a whole number from 1 to 1000 Hz, got 'fast'",
                "stream --floor-hz -1|--floor-hz must be from 0 to 1000 Hz, got -1",
                "record --out x.ndjson --floor-hz 1001|--floor-hz must be from 0 to 1000 Hz, got 1001",
                "record --out x.ndjson --duration soon|'soon' is not a duration",
                "capabilities --proc-root /nonexistent-proc|--proc-root /nonexistent-proc: no such directory",
                "stream --bogus|Unknown option: '--bogus'",
                "stream --top 201|--top must be from 0 to 200 (0 switches the tables off), got 201",
                "capabilities --top-hz 0|--top-hz must be above 0 and at most 1000 Hz, got 0",
                "record --out x.ndjson --top-hz 1000.5|--top-hz must be above 0 and at most 1000 Hz, got 1000.5",
                "capabilities --pmu-hz 0|--pmu-hz must be above 0 and at most 1000 Hz, got 0",
                "stream --pmu-hz -2.5|--pmu-hz must be above 0 and at most 1000 Hz, got -2.5",
                "record --out x.ndjson --pmu-hz 1001|--pmu-hz must be above 0 and at most 1000 Hz, got 1001",
                "stream --pmu-hz NaN|--pmu-hz must be above 0 and at most 1000 Hz, got NaN",
                "stream --top-hz NaN|--top-hz must be above 0 and at most 1000 Hz, got NaN",
                "serve --pmu-hz often|Invalid value for option '--pmu-hz': 'often' is not a double",
            })
    void badFlagsExitTwoWithOneClearLine(String args, String expected) {
        Fixtures.Result r = Fixtures.run(args.split(" "));
        assertEquals(2, r.code(), r.err());
        String first = r.err().lines().findFirst().orElse("");
        assertTrue(first.startsWith("tickbench-probe: "), first);
        assertTrue(first.contains(expected), first);
        assertFalse(r.err().contains("\tat "), "no stack trace: " + r.err());
        assertEquals("", r.out(), "nothing started");
    }

    @Test
    void recordIntoAMissingDirectoryIsRefusedBeforeSampling() {
        Fixtures.Result r = Fixtures.run("record", "--out", "/nonexistent-dir/c.ndjson", "--duration", "1s");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("/nonexistent-dir"), r.err());
        assertFalse(r.err().contains("\tat "), r.err());
    }
}
