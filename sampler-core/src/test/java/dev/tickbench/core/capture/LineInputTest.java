package dev.tickbench.core.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** LineInput cuts lines from blocks it reads: the same lines, numbers and limits as a byte at a time. */
class LineInputTest {
    private static List<String> lines(InputStream in) throws IOException {
        LineInput li = new LineInput(in);
        List<String> out = new ArrayList<>();
        for (int n; (n = li.next()) >= 0; ) {
            out.add(new String(li.bytes(), 0, n, StandardCharsets.UTF_8));
        }
        return out;
    }

    @Test
    void linesAcrossBlocksAndALastLineWithoutNewline() throws IOException {
        StringBuilder sb = new StringBuilder();
        List<String> want = new ArrayList<>();
        for (int i = 0; i < 5000; i++) { // 5000 lines of 1..250 bytes: many cross a 64 KB block's end
            String l = "x".repeat(1 + (i * 37) % 250) + i;
            want.add(l);
            sb.append(l).append('\n');
        }
        want.add(""); // an empty line is a line
        sb.append('\n');
        String big = "y".repeat(200_000); // longer than a block and than the first line buffer
        want.add(big);
        sb.append(big).append('\n');
        want.add("last");
        sb.append("last");
        assertEquals(want, lines(new ByteArrayInputStream(sb.toString().getBytes(StandardCharsets.UTF_8))));
        assertEquals(List.of(), lines(new ByteArrayInputStream(new byte[0])));
    }

    @Test
    void aLineOfALiveStreamIsReturnedWhenItsNewlineArrives() throws IOException {
        // a stream that hands out what "arrived" one piece per read, as a pipe or a channel does: reading
        // past the second piece before returning the first line would wait for data that is not there yet
        List<String> pieces = List.of("{\"type\":\"sa", "mple\"}\n{\"type\"", ":\"x\"}\n");
        int[] served = {0};
        InputStream live = new InputStream() {
            @Override
            public int read() {
                throw new AssertionError("read a byte at a time");
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (served[0] == pieces.size()) {
                    return -1;
                }
                byte[] p = pieces.get(served[0]++).getBytes(StandardCharsets.US_ASCII);
                System.arraycopy(p, 0, b, off, p.length);
                return p.length;
            }
        };
        LineInput li = new LineInput(live);
        int n = li.next();
        assertEquals("{\"type\":\"sample\"}", new String(li.bytes(), 0, n, StandardCharsets.US_ASCII));
        assertEquals(2, served[0], "read further than the line's newline");
        assertEquals(1, li.lineNumber());
        n = li.next();
        assertEquals("{\"type\":\"x\"}", new String(li.bytes(), 0, n, StandardCharsets.US_ASCII));
        assertEquals(-1, li.next());
        assertEquals(2, li.lineNumber());
    }

    @Test
    void aLineOverTheLimitIsRefusedOnItsOwnNumber() throws IOException {
        byte[] ok = new byte[LineInput.MAX_LINE_BYTES + 1];
        java.util.Arrays.fill(ok, (byte) 'a');
        ok[LineInput.MAX_LINE_BYTES] = '\n'; // exactly the limit: a line
        LineInput li = new LineInput(new ByteArrayInputStream(concat(
                "one\n".getBytes(StandardCharsets.US_ASCII),
                ok,
                "b".repeat(LineInput.MAX_LINE_BYTES + 1).getBytes(StandardCharsets.US_ASCII))));
        assertEquals(3, li.next());
        assertEquals(LineInput.MAX_LINE_BYTES, li.next());
        assertThrows(LineInput.TooLongException.class, li::next);
        assertEquals(3, li.lineNumber());
    }

    private static byte[] concat(byte[]... parts) {
        java.io.ByteArrayOutputStream o = new java.io.ByteArrayOutputStream();
        for (byte[] p : parts) {
            o.writeBytes(p);
        }
        return o.toByteArray();
    }
}
