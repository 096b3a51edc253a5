package dev.tickbench.core.capture;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.text.JsonOutput;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Re-encodes a capture in another format (FORMAT.md): format 1 captures shrink to format 2, and a
 * format 2 capture can be handed to a consumer that reads only format 1. Samples keep every value and
 * every absence; other lines are copied byte for byte (a format 2 {@code schema} line is dropped for
 * format 1, made anew for format 2). A capture's key order is kept: format 2's key lists grow as keys
 * appear, and a {@code schema} line announces each change before the sample that needs it.
 */
public final class CaptureConverter {
    private static final ObjectMapper MAPPER = JsonOutput.newMapper();

    /** What was written; {@code error} is the bad line that ended the input early, or null. */
    public record Summary(long lines, long samples, long schemaLines, CaptureFormatException error) {}

    private final StreamFormat format;
    private final JsonLineWriter out;
    private final LineSink sink;
    /** Format 2: each source's key list as announced in the output. */
    private final Map<String, List<String>> announced = new HashMap<>();

    private long schemaLines;

    private CaptureConverter(StreamFormat format, LineSink sink) {
        this.format = format;
        this.out = new JsonLineWriter(sink);
        this.sink = sink;
    }

    /**
     * Converts {@code in} (gzip when named .gz) into {@code to} (gzip when named .gz); an existing
     * {@code to} is an error unless {@code replace}, when it is replaced at once, once complete
     * ({@link OutputFile}: an output that is the input under any name is refused, and nothing is written
     * through a name pointing at the input). A bad input line ends the output there: every line before it
     * is written and {@link Summary#error()} names it.
     *
     * @throws OutputFile.IsInputException {@code to} is {@code in}
     */
    public static Summary convert(Path in, Path to, StreamFormat format, boolean replace) throws IOException {
        return convert(in, to, format, replace, null);
    }

    /**
     * As {@link #convert(Path, Path, StreamFormat, boolean)}, and with {@code summaries} (not null) the
     * output is a seekable capture: its blocks and its index beside it, written and renamed alike
     * (FORMAT.md, "Seekable captures").
     */
    public static Summary convert(
            Path in, Path to, StreamFormat format, boolean replace, CaptureIndexWriter.Summaries summaries)
            throws IOException {
        if (!replace && Files.exists(to)) {
            throw new FileAlreadyExistsException(to.toString()); // said before the work; checked again at the end
        }
        try (InputFile input = InputFile.open(in);
                CaptureReader reader = CaptureReader.open(input);
                OutputFile out = OutputFile.create(to);
                OutputFile idx = summaries == null ? null : OutputFile.create(CaptureWriter.indexPath(to))) {
            Summary s;
            boolean indexed;
            try (OutputStream raw = out.stream();
                    CaptureWriter w = CaptureWriter.open(raw, to)) {
                if (idx != null) {
                    w.indexTo(idx.stream(), summaries, reader.seriesNames());
                }
                s = new CaptureConverter(format, w).run(reader);
                w.close();
                indexed = idx != null && w.indexError() == null;
            }
            out.commit(replace, input);
            if (indexed) {
                idx.commit(true, input);
            } else if (idx != null) {
                // an index of what was there before is not this one's
                Files.deleteIfExists(CaptureWriter.indexPath(to));
            }
            return s;
        }
    }

    /** {@code reader}'s lines re-encoded in {@code format} to {@code sink} (a capture made from a generated stream). */
    static Summary convert(CaptureReader reader, LineSink sink, StreamFormat format) throws IOException {
        return new CaptureConverter(format, sink).run(reader);
    }

    private Summary run(CaptureReader reader) throws IOException {
        long n = 0;
        long samples = 0;
        while (true) {
            StreamLine line;
            try {
                line = reader.next();
            } catch (CaptureFormatException e) {
                return new Summary(n, samples, schemaLines, e);
            }
            if (line == null) {
                return new Summary(n, samples, schemaLines, null);
            }
            n++;
            if (line instanceof Hello) {
                hello(reader.decoder());
            } else if (line instanceof SampleLine s) {
                sample(s);
                samples++;
            } else if (!(line instanceof OtherLine o && o.type().equals(LineDecoder.SCHEMA_TYPE))) {
                int len = reader.lineLength();
                byte[] copy = Arrays.copyOf(reader.lineBytes(), len + 1);
                copy[len] = '\n';
                sink.line(copy, 0, copy.length);
            }
        }
    }

    /** The hello with its format; format 2 starts with no key lists (the schema lines bring them). */
    private void hello(LineDecoder decoder) throws IOException {
        ObjectNode h = decoder.helloTree().deepCopy(); // as read, within the reader limits, without its key lists
        h.put("format", format.number());
        if (format == StreamFormat.V2) {
            h.putObject("schema");
        }
        announced.clear();
        byte[] json = MAPPER.writeValueAsBytes(h);
        byte[] line = Arrays.copyOf(json, json.length + 1);
        line[json.length] = '\n';
        sink.line(line, 0, line.length);
    }

    private void sample(SampleLine s) throws IOException {
        if (format == StreamFormat.V2) {
            announceChanges(s);
        }
        JsonGenerator g = out.begin("sample");
        g.writeNumberField("seq", s.seq());
        g.writeNumberField("mono_ns", s.monoNs());
        g.writeNumberField("wall_ns", s.wallNs());
        g.writeNumberField("dt_ns", s.dtNs());
        if (s.skipped() > 0) {
            g.writeNumberField("skipped", s.skipped());
        }
        for (Map.Entry<String, SourceValues> e : s.sources().entrySet()) {
            SourceValues v = e.getValue();
            g.writeFieldName(e.getKey());
            if (format == StreamFormat.V1) {
                g.writeStartObject();
                for (int i = 0; i < v.size(); i++) {
                    g.writeNumberField(v.keys()[i], v.values()[i]);
                }
                g.writeEndObject();
            } else {
                writePositions(g, announced.get(e.getKey()), v);
            }
        }
        if (!s.limits().isEmpty()) {
            g.writeObjectFieldStart("limits");
            for (Map.Entry<String, Long> l : s.limits().entrySet()) {
                if (l.getValue() == null) {
                    g.writeNullField(l.getKey());
                } else {
                    g.writeNumberField(l.getKey(), l.getValue());
                }
            }
            g.writeEndObject();
        }
        if (!s.heartbeat().isEmpty()) {
            writeStrings(g, "hb", new ArrayList<>(s.heartbeat()));
        }
        if (!s.resets().isEmpty()) {
            writeStrings(g, "resets", s.resets());
        }
        if (s.kmsgDropped() != 0) {
            g.writeNumberField("kmsg_dropped", s.kmsgDropped());
        }
        out.end();
    }

    /** The values by their key's position; absent keys null, none after the last value (FORMAT.md). */
    private static void writePositions(JsonGenerator g, List<String> keys, SourceValues v) throws IOException {
        g.writeStartArray();
        int at = 0;
        int nulls = 0;
        for (int i = 0; i < v.size(); i++) {
            String k = v.keys()[i];
            while (!keys.get(at).equals(k)) {
                at++;
                nulls++;
            }
            for (; nulls > 0; nulls--) {
                g.writeNull();
            }
            g.writeNumber(v.values()[i]);
            at++;
        }
        g.writeEndArray();
    }

    private static void writeStrings(JsonGenerator g, String name, List<String> values) throws IOException {
        g.writeArrayFieldStart(name);
        for (String v : values) {
            g.writeString(v);
        }
        g.writeEndArray();
    }

    /** One schema line before the sample for every source whose keys its current list cannot carry. */
    private void announceChanges(SampleLine s) throws IOException {
        Map<String, List<String>> changed = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, SourceValues> e : s.sources().entrySet()) {
            List<String> now = announced.get(e.getKey());
            List<String> keys = List.of(e.getValue().keys());
            if (now == null || !isSubsequence(keys, now)) { // a source read empty still needs a list
                now = now == null ? List.of() : now;
                List<String> merged = merge(now, keys);
                announced.put(e.getKey(), merged);
                changed.put(e.getKey(), merged);
            }
        }
        if (changed.isEmpty()) {
            return;
        }
        JsonGenerator g = out.begin(LineDecoder.SCHEMA_TYPE);
        g.writeNumberField("seq", s.seq());
        g.writeObjectFieldStart("schema");
        for (Map.Entry<String, List<String>> e : changed.entrySet()) {
            writeStrings(g, e.getKey(), e.getValue());
        }
        g.writeEndObject();
        out.end();
        schemaLines++;
    }

    static boolean isSubsequence(List<String> keys, List<String> list) {
        int at = 0;
        for (String k : keys) {
            while (at < list.size() && !list.get(at).equals(k)) {
                at++;
            }
            if (at == list.size()) {
                return false;
            }
            at++;
        }
        return true;
    }

    /**
     * The list grown by the keys it lacks, each after the key that precedes it on the line, so both
     * orders hold; when the line orders known keys differently, the line's order followed by the keys
     * it does not carry.
     */
    static List<String> merge(List<String> list, List<String> keys) {
        List<String> merged = new ArrayList<>(list);
        Set<String> known = new HashSet<>(list);
        int after = -1;
        for (String k : keys) {
            if (known.add(k)) {
                merged.add(after + 1, k);
                after++;
            } else {
                after = merged.indexOf(k);
            }
        }
        if (isSubsequence(keys, merged)) {
            return List.copyOf(merged);
        }
        List<String> byLine = new ArrayList<>(keys);
        Set<String> onLine = new HashSet<>(keys);
        for (String k : list) {
            if (!onLine.contains(k)) {
                byLine.add(k);
            }
        }
        return List.copyOf(byLine);
    }
}
