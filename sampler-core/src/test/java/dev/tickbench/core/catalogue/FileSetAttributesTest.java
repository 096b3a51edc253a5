package dev.tickbench.core.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.metrics.Exposition;
import dev.tickbench.core.metrics.MetricsState;
import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.sampler.SamplerConfig;
import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file set's attributes read from files and links, a condition on a sibling file, the absent reason
 * with a choice of words shown as them, and a metric label on a nested attribute (docs/catalogue.md,
 * "A set of sysfs or procfs numbers").
 */
class FileSetAttributesTest {
    private static final String DEV = "class/gadget/gadget{n:\\d+}/";
    /** Made-up gadgets: a level per device and field, its kind as an attribute, the CPU its link names. */
    private static final SourceEntry GADGETS = SourceEntry.fileSet(
                    "gadgets",
                    ValueKind.LEVEL,
                    FileSet.sys(DEV + "{field:level|limit}", "gadget{n}.{field}")
                            .where(DEV + "vendor", "acme|globex"),
                    "test gadgets")
            .series(SeriesEntry.level("gadgets.gadget{n:\\d+}.{field}", Unit.COUNT, "a gadget's level")
                    .metric(Metric.gauge(
                            "tickbench_gadget_level",
                            "A gadget's level.",
                            "gadget",
                            "{n}",
                            "field",
                            "{field}",
                            "kind",
                            "@gadget{n}.kind",
                            "cpu",
                            "@gadget{n}.cpu")))
            .attributes(
                    AttributeEntry.file(FileSet.sys(DEV + "kind", "gadget{n}.kind"), Unit.TEXT, "what it is"),
                    AttributeEntry.file(FileSet.sys(DEV + "size", "gadget{n}.size"), Unit.COUNT, "how big"),
                    AttributeEntry.link(FileSet.sys(DEV + "device/node", "gadget{n}.cpu"), "the CPU it sits on"));

    @TempDir
    Path tmp;

    private void write(String path, String text) throws IOException {
        Path p = tmp.resolve("sys").resolve(path);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    @Test
    void attributesConditionsAndLabels() throws IOException {
        Files.createDirectories(tmp.resolve("proc"));
        write("class/gadget/gadget0/vendor", "acme\n");
        write("class/gadget/gadget0/level", "7\n");
        write("class/gadget/gadget0/limit", "9\n");
        write("class/gadget/gadget0/kind", "fan\n");
        write("class/gadget/gadget0/size", "12\n");
        write("class/gadget/gadget1/vendor", "initech\n"); // not a vendor the condition names: not read
        write("class/gadget/gadget1/level", "5\n");
        write("class/gadget/gadget2/vendor", "globex\n");
        write("class/gadget/gadget2/level", "3\n");
        write("class/gadget/gadget2/size", "big\n"); // not a number where one is declared: left out
        write("cpu/cpu3/online", "1\n");
        Files.createDirectories(tmp.resolve("sys/class/gadget/gadget2/device"));
        Files.createSymbolicLink(tmp.resolve("sys/class/gadget/gadget2/device/node"), Path.of("../../../../cpu/cpu3"));
        SeriesCatalogue c = SeriesCatalogue.standard().with(GADGETS);
        SystemRoots roots = SystemRoots.of(tmp.resolve("proc"), tmp.resolve("sys"));
        MetricsState metrics = new MetricsState(c);
        LineDecoder d = new LineDecoder();
        try (Sampler s = Sampler.create(new SamplerConfig(roots, 10, 0), c, List.of(), List.of())) {
            var caps = s.capabilities();
            assertEquals(
                    "{\"gadget0\":{\"kind\":\"fan\",\"size\":12},\"gadget2\":{\"cpu\":\"cpu3\"}}",
                    caps.path("attributes").path("gadgets").toString());
            s.addSink((b, o, l) -> metrics.accept(d.decode(b, o, l - 1), 0));
            byte[] hello = s.helloLine();
            metrics.accept(d.decode(hello, 0, hello.length - 1), 0);
            s.tick(System.nanoTime(), 1);
        }
        Exposition e = new Exposition();
        metrics.render(e, null, 0);
        assertTrue(
                e.text().contains("tickbench_gadget_level{gadget=\"0\",field=\"limit\",kind=\"fan\"} 9\n"), e.text());
        assertTrue(
                e.text().contains("tickbench_gadget_level{gadget=\"2\",field=\"level\",cpu=\"cpu3\"} 3\n"), e.text());
        assertFalse(e.text().contains("gadget=\"1\""), "initech's gadget is not read");
    }

    @Test
    void absentWithThePathAndTheConditionItLookedFor() {
        Path sys = tmp.resolve("sys");
        var source = dev.tickbench.core.source.Sources.discover(
                        SystemRoots.of(tmp, sys), SeriesCatalogue.standard().with(GADGETS))
                .stream()
                .filter(s -> s.name().equals("gadgets"))
                .findFirst()
                .orElseThrow();
        assertEquals(
                "no " + sys + "/class/gadget/gadget*/{level,limit} whose " + sys
                        + "/class/gadget/gadget*/vendor is acme|globex" + " on this system",
                source.open().reason());
        assertEquals(
                "policy*/{scaling_max_freq,scaling_min_freq}/x*",
                NamePattern.of("policy{p:\\d+}/{f:scaling_max_freq|scaling_min_freq}/x{y:.+}")
                        .braceGlob());
    }

    @Test
    void aConditionOrAnAttributeMayOnlyUseThePathsCaptures() {
        assertThrows(
                IllegalArgumentException.class,
                () -> FileSet.sys("a{n}/v", "{n}").where("b{m}/name", "x"));
        assertThrows(
                IllegalArgumentException.class,
                () -> new AttributeEntry(
                        NamePattern.of("x{n}.kind"),
                        Unit.TEXT,
                        "",
                        FileSet.sys("a{n}/kind", "{n}.kind"),
                        AttributeEntry.Read.TEXT));
        assertEquals(Map.of("n", "7"), FileSet.sys("a{n:\\d+}/v", "{n}").path().match("a7/v"));
    }
}
