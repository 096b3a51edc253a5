package dev.tickbench.testkit;

import dev.tickbench.core.capture.CaptureWriter;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.derived.PlottedValues;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/** The captures recorded on a real machine (test resources captures/real, their README), as tests need them. */
public final class RealCaptures {
    private RealCaptures() {}

    /**
     * captures/real/{@code name} written again to {@code out} by the recorder's writer: in blocks, with its
     * index beside it (a capture that opens from its index, as one recorded now does).
     */
    public static Path indexed(String name, Path out) throws IOException {
        try (InputStream in = RealCaptures.class.getResourceAsStream("/captures/real/" + name)) {
            if (in == null) {
                throw new IOException("captures/real/" + name + " is not on the test class path");
            }
            try (BufferedReader lines =
                            new BufferedReader(new InputStreamReader(new GZIPInputStream(in), StandardCharsets.UTF_8));
                    CaptureWriter w = CaptureWriter.openIndexed(out, new PlottedValues(SeriesCatalogue.standard()))) {
                for (String l; (l = lines.readLine()) != null; ) {
                    byte[] b = (l + "\n").getBytes(StandardCharsets.UTF_8);
                    w.line(b, 0, b.length);
                }
            }
        }
        return out;
    }
}
