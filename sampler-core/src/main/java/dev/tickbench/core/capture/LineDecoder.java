package dev.tickbench.core.capture;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.text.JsonOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Decodes one NDJSON line into a {@link StreamLine}, format v1 or v2 (FORMAT.md): both decode to the
 * same {@link SampleLine}. Everything goes through the streaming parser, within the
 * {@link ReaderLimits} (nesting, values per line, JSON values and text of a line read as a tree, names
 * and their bytes, distinct series and the bytes of their names), so no line, however crafted, builds
 * more than a bounded structure, and no stream makes the decoder keep more than bounded names; sample
 * lines (the bulk of a capture) build no tree at all. Every name the parser decodes is seen and counted
 * here, none skipped unseen. Unknown types and fields are kept or ignored, never an error.
 *
 * <p>v2 carries a source's values by position in the key list the hello and the {@code schema} lines
 * announce, so the decoder remembers the current lists: feed it a stream's lines in order, from its
 * hello. A {@code schema} line decodes to an {@link OtherLine} of type {@code schema} (consumers that
 * ignore unknown types keep working). Not thread-safe (it interns keys and holds the schema).
 */
public final class LineDecoder {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectMapper JOIN_WRITER = JsonOutput.newMapper();
    /** The line type that announces changed key lists (v2). */
    public static final String SCHEMA_TYPE = "schema";

    /** Source names, and each source's keys, interned; their count is the capture's series. */
    private final SeriesNames names;
    /** This decoder's parsers, which keep the names they decoded ({@link LineParsers}). */
    private LineParsers json = new LineParsers();
    /** Characters of names that are not series names decoded by {@link #json} since it was made. */
    private long strayNameChars;
    /** Characters of the names of the line being decoded, and of the last name read. */
    private int lineNameChars;

    private int nameChars;
    /** Whether the hello's bytes are kept for {@link #joinHello()} (a relay's decoder; not a file reader's). */
    private final boolean keepsHelloBytes;
    /** v2: each source's key list, by position; empty in a v1 stream. */
    private final Map<String, String[]> schema = new HashMap<>();
    /** The last hello, as received (with its '\n') and as a tree without its key lists; null before one. */
    private byte[] helloBytes;

    private ObjectNode helloTree;
    private List<String> helloSources = List.of();
    /** Whether a schema line changed a key list since the hello, and the hello re-encoded with it. */
    private boolean schemaMoved;

    private byte[] joinHello;

    /**
     * A format 1 source's keys and values as they are read, before they are copied out at their number:
     * a list and an array for each source of each line were most of what a line of 16 000 sources made.
     */
    private String[] scratchKeys = new String[64];

    private long[] scratchValues = new long[64];

    /** The sources a sample line decodes, or null for all (the default). */
    private java.util.function.Predicate<String> only;

    /** A decoder for a stream's lines, in order from its hello; {@link #joinHello()} tells a late consumer's start. */
    public LineDecoder() {
        this(true);
    }

    /**
     * {@code keepsHelloBytes} false: for a reader that never hands the stream on ({@link CaptureReader}),
     * which need not keep a copy of a hello of up to 2 MiB; its {@link #joinHello()} is not available.
     */
    LineDecoder(boolean keepsHelloBytes) {
        this(keepsHelloBytes, new SeriesNames());
    }

    LineDecoder(boolean keepsHelloBytes, SeriesNames names) {
        this.keepsHelloBytes = keepsHelloBytes;
        this.names = names;
    }

    /** The series names met so far (shared with another decoder of the same stream read again). */
    SeriesNames seriesNames() {
        return names;
    }

    /**
     * Decodes only the sources {@code sources} accepts from sample lines (null: all), for a reader that
     * needs a few of them on every tick (the triggers); the others are skipped unparsed. The key lists
     * of every source are kept as ever.
     */
    public void decodeOnly(java.util.function.Predicate<String> sources) {
        this.only = sources;
    }

    public StreamLine decode(String line) throws IOException {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        return decode(b, 0, b.length);
    }

    public StreamLine decode(byte[] b, int off, int len) throws IOException {
        lineNameChars = 0;
        boolean decoded = false;
        try {
            StreamLine line = LineBytes.isSample(b, off, len) ? decodeSample(b, off, len) : decodeOther(b, off, len);
            decoded = true;
            return line;
        } catch (StreamConstraintsException e) {
            throw ReaderLimits.of(e);
        } finally {
            if (!decoded || strayNameChars > ReaderLimits.STRAY_NAME_CHARS) {
                // the parsers kept this line's names, not all of them counted: drop them, the next line
                // starts a new table (a real capture's lines do this every thousand lines or so)
                json = new LineParsers();
                strayNameChars = 0;
            }
        }
    }

    /** The name at the parser, counted against the line's names ({@link #nameChars} is its length). */
    private String name(JsonParser p) throws IOException {
        return countName(p.currentName());
    }

    private String countName(String name) throws ReaderLimits.LimitException {
        nameChars = name.length(); // not its UTF-8 bytes: counted on every line, this must cost nothing
        lineNameChars += nameChars;
        if (lineNameChars > ReaderLimits.MAX_LINE_NAME_CHARS) {
            throw ReaderLimits.tooMuchLineNames();
        }
        return name;
    }

    /** A key of a key list, a string: Jackson's own limit on a name's bytes is on field names. */
    private String countKey(String key) throws ReaderLimits.LimitException {
        if (key.length() > ReaderLimits.MAX_NAME_BYTES / 3
                && ReaderLimits.utf8Length(key) > ReaderLimits.MAX_NAME_BYTES) {
            throw ReaderLimits.tooLongName();
        }
        return countName(key);
    }

    /** The name last read is not a series name: the parsers keep it unaccounted for. */
    private void stray() {
        strayNameChars += nameChars;
    }

    /**
     * Skips the value at the parser, as {@code skipChildren} does, but with every name inside counted:
     * the parser decodes them all the same.
     */
    private void skip(JsonParser p) throws IOException {
        JsonToken t = p.currentToken();
        if (t != JsonToken.START_OBJECT && t != JsonToken.START_ARRAY) {
            return;
        }
        for (int depth = 1; depth > 0; ) {
            JsonToken n = p.nextToken();
            if (n == null) {
                throw new IOException("truncated line");
            }
            switch (n) {
                case START_OBJECT, START_ARRAY -> depth++;
                case END_OBJECT, END_ARRAY -> depth--;
                case FIELD_NAME -> {
                    name(p);
                    stray();
                }
                default -> {}
            }
        }
    }

    // ---- every line but samples: a bounded tree, key lists straight into the schema ----

    private StreamLine decodeOther(byte[] b, int off, int len) throws IOException {
        ObjectNode n = NODES.objectNode();
        Map<String, List<String>> keyLists = null;
        TreeBudget budget = new TreeBudget();
        try (JsonParser p = json.parser(b, off, len)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not a JSON object");
            }
            String type = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = name(p);
                JsonToken t = p.nextToken();
                if (field.equals("schema")
                        && t == JsonToken.START_OBJECT
                        && ("hello".equals(type) || SCHEMA_TYPE.equals(type))) {
                    stray();
                    // the writers put "type" first: key lists never become a tree
                    keyLists = keyLists(p, SCHEMA_TYPE.equals(type));
                    continue;
                }
                budget.text(ReaderLimits.utf8Length(field));
                stray();
                JsonNode v = tree(p, t, budget);
                if (field.equals("type") && v.isTextual()) {
                    type = v.asText();
                }
                n.set(field, v);
            }
            if (p.currentToken() != JsonToken.END_OBJECT) {
                throw new IOException("truncated line");
            }
        }
        String type = n.path("type").asText("");
        if (keyLists == null && (type.equals("hello") || type.equals(SCHEMA_TYPE)) && n.has("schema")) {
            keyLists = keyLists(n.remove("schema"), type.equals(SCHEMA_TYPE)); // a foreign writer put "type" later
        }
        return switch (type) {
            case "hello" -> hello(n, keyLists, b, off, len);
            case SCHEMA_TYPE -> schemaLine(n, keyLists);
            case "sample" -> decodeSample(b, off, len); // a foreign writer put "type" later
            case "kmsg" ->
                new KmsgLine(
                        n.path("mono_ns").asLong(),
                        n.path("prio").asInt(),
                        n.path("facility").asInt(),
                        n.path("seq").asLong(),
                        n.path("us").asLong(),
                        n.path("msg").asText(""));
            case "kmsg_gap" ->
                new KmsgGapLine(
                        n.path("mono_ns").asLong(),
                        n.path("dropped").asLong(),
                        n.path("from_us").asLong(),
                        n.path("to_us").asLong(),
                        n.path("reason").asText(""));
            case "throttle" ->
                new ThrottleLine(
                        n.path("mono_ns").asLong(),
                        n.path("wall_ns").asLong(),
                        n.path("iowait").asDouble(Double.NaN),
                        n.path("smoothed").asDouble(Double.NaN),
                        n.path("zone").asText(null),
                        n.path("effective").asInt(),
                        n.path("ceiling").asInt(),
                        n.path("grow_spread_s").asDouble(Double.NaN),
                        nullableLong(n.get("last_throttle_mono_ns")),
                        n.hasNonNull("peaks") ? n.get("peaks") : null);
            case "gap" ->
                new GapLine(
                        n.path("from_seq").asLong(),
                        n.path("to_seq").asLong(),
                        n.path("reason").asText(""));
            case "cgroup_limits" -> new CgroupLimitsLine(n.path("mono_ns").asLong(), n);
            default -> new OtherLine(type, n);
        };
    }

    /** What a line read as a tree may still hold: JSON values, and bytes of names, strings and numbers. */
    private static final class TreeBudget {
        private int values = ReaderLimits.MAX_TREE_VALUES;
        private int textBytes = ReaderLimits.MAX_TREE_TEXT_BYTES;

        void value() throws ReaderLimits.LimitException {
            if (--values < 0) {
                throw ReaderLimits.tooManyTreeValues();
            }
        }

        void text(int bytes) throws ReaderLimits.LimitException {
            textBytes -= bytes;
            if (textBytes < 0) {
                throw ReaderLimits.tooMuchTreeText();
            }
        }
    }

    /** The value at the parser's current token as a tree, counting every JSON value and its text against {@code budget}. */
    private JsonNode tree(JsonParser p, JsonToken t, TreeBudget budget) throws IOException {
        if (t == null) {
            throw new IOException("truncated line");
        }
        budget.value();
        switch (t) {
            case START_OBJECT -> {
                ObjectNode o = NODES.objectNode();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = name(p);
                    budget.text(ReaderLimits.utf8Length(name));
                    stray();
                    o.set(name, tree(p, p.nextToken(), budget));
                }
                return o;
            }
            case START_ARRAY -> {
                ArrayNode a = NODES.arrayNode();
                for (JsonToken e; (e = p.nextToken()) != JsonToken.END_ARRAY; ) {
                    if (e == null) {
                        throw new IOException("truncated line");
                    }
                    a.add(tree(p, e, budget));
                }
                return a;
            }
            case VALUE_STRING -> {
                String text = p.getText();
                budget.text(ReaderLimits.utf8Length(text));
                return NODES.textNode(text);
            }
            case VALUE_NUMBER_INT -> {
                budget.text(p.getTextLength());
                return switch (p.getNumberType()) {
                    case INT -> NODES.numberNode(p.getIntValue());
                    case LONG -> NODES.numberNode(p.getLongValue());
                    default -> NODES.numberNode(p.getBigIntegerValue());
                };
            }
            case VALUE_NUMBER_FLOAT -> {
                budget.text(p.getTextLength());
                return NODES.numberNode(p.getDoubleValue());
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return NODES.booleanNode(t == JsonToken.VALUE_TRUE);
            }
            case VALUE_NULL -> {
                return NODES.nullNode();
            }
            default -> throw new IOException("unexpected " + t);
        }
    }

    /**
     * {@code {"source":["key",…],…}} read straight into lists, every key counted against the line's values
     * and, as a name, against the line's names. In a schema line ({@code edits}) an element {@code [a,b]}
     * is keys {@code a} to {@code b - 1} of the source's list in effect before the line (FORMAT.md, "Kept
     * runs"): the same strings, counted as values, not as new names.
     */
    private Map<String, List<String>> keyLists(JsonParser p, boolean edits) throws IOException {
        Map<String, List<String>> out = new LinkedHashMap<>();
        int values = 0;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String source = name(p); // a series name: counted when it is interned
            if (p.nextToken() != JsonToken.START_ARRAY) {
                throw new IOException("the schema of " + source + " is not a list of keys");
            }
            List<String> keys = new ArrayList<>();
            for (JsonToken t; (t = p.nextToken()) != JsonToken.END_ARRAY; ) {
                if (t == JsonToken.START_ARRAY && edits) {
                    long a = rangeEnd(p, source);
                    long b = rangeEnd(p, source);
                    if (p.nextToken() != JsonToken.END_ARRAY) {
                        throw new IOException("the schema of " + source + " has a kept run that is not [from, to]");
                    }
                    values += kept(keys, source, a, b, values);
                    continue;
                }
                if (++values > ReaderLimits.MAX_VALUES_PER_LINE) {
                    throw ReaderLimits.tooManyValues();
                }
                if (t != JsonToken.VALUE_STRING) {
                    throw new IOException(
                            t == null
                                    ? "truncated line"
                                    : "the schema of " + source + " has a key that is not a string at position "
                                            + keys.size());
                }
                keys.add(countKey(p.getText()));
            }
            out.put(source, keys);
        }
        if (p.currentToken() != JsonToken.END_OBJECT) {
            throw new IOException("truncated line");
        }
        return out;
    }

    /** One end of a kept run {@code [a,b]}: a whole number. */
    private static long rangeEnd(JsonParser p, String source) throws IOException {
        if (p.nextToken() != JsonToken.VALUE_NUMBER_INT) {
            throw new IOException("the schema of " + source + " has a kept run that is not [from, to]");
        }
        return p.getLongValue();
    }

    /**
     * Adds keys {@code a} to {@code b - 1} of {@code source}'s list in effect to {@code keys}; returns how
     * many, within the line's values ({@code before} of them taken already).
     */
    private int kept(List<String> keys, String source, long a, long b, int before) throws IOException {
        String[] list = schema.get(names.source(source).name());
        int n = list == null ? 0 : list.length;
        if (a < 0 || b <= a || b > n) {
            throw new IOException(
                    "the schema of " + source + " keeps [" + a + "," + b + "] of a list of " + n + " keys");
        }
        if (before + (b - a) > ReaderLimits.MAX_VALUES_PER_LINE) {
            throw ReaderLimits.tooManyValues();
        }
        keys.addAll(Arrays.asList(list).subList((int) a, (int) b));
        return (int) (b - a);
    }

    /** The same from a tree (bounded already): a hello or schema line whose writer did not put "type" first. */
    private Map<String, List<String>> keyLists(JsonNode sources, boolean edits) throws IOException {
        if (sources == null || !sources.isObject()) {
            throw new IOException("\"schema\" is not an object of key lists");
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        int values = 0;
        for (var it = sources.fields(); it.hasNext(); ) {
            var e = it.next();
            if (!e.getValue().isArray()) {
                throw new IOException("the schema of " + e.getKey() + " is not a list of keys");
            }
            List<String> keys = new ArrayList<>();
            for (JsonNode k : e.getValue()) {
                if (edits && k.isArray()) {
                    if (k.size() != 2
                            || !k.get(0).isIntegralNumber()
                            || !k.get(1).isIntegralNumber()) {
                        throw new IOException("the schema of " + e.getKey() + " has a kept run that is not [from, to]");
                    }
                    values += kept(keys, e.getKey(), k.get(0).asLong(), k.get(1).asLong(), values);
                    continue;
                }
                values++;
                if (!k.isTextual()) {
                    throw new IOException("the schema of " + e.getKey() + " has a key that is not a string at position "
                            + keys.size());
                }
                keys.add(k.asText());
            }
            out.put(e.getKey(), keys);
        }
        return out;
    }

    private static Long nullableLong(JsonNode n) {
        return n == null || n.isNull() ? null : n.asLong();
    }

    private Hello hello(ObjectNode n, Map<String, List<String>> keyLists, byte[] b, int off, int len)
            throws IOException {
        if (n.path("rate_hz").asLong() > ReaderLimits.MAX_RATE_HZ) {
            throw ReaderLimits.tooFast(); // readers size per-tick windows by it
        }
        schema.clear(); // a hello starts a stream: only its own key lists hold from here
        if (keyLists != null) {
            putSchema(keyLists);
        }
        helloSources = keyLists == null ? List.of() : List.copyOf(keyLists.keySet());
        if (keepsHelloBytes) {
            int end = off + len;
            while (end > off && (b[end - 1] == '\n' || b[end - 1] == '\r')) {
                end--;
            }
            helloBytes = java.util.Arrays.copyOfRange(b, off, end + 1);
            helloBytes[helloBytes.length - 1] = '\n';
        }
        helloTree = n;
        schemaMoved = false;
        joinHello = null;
        return helloRecord(n);
    }

    private OtherLine schemaLine(ObjectNode n, Map<String, List<String>> keyLists) throws IOException {
        if (keyLists == null) {
            throw new IOException("\"schema\" is not an object of key lists");
        }
        putSchema(keyLists);
        schemaMoved = true;
        joinHello = null;
        ObjectNode lists = n.putObject("schema"); // the line as written, for whoever reads it as a tree
        for (String source : keyLists.keySet()) {
            ArrayNode a = lists.putArray(source);
            for (String k : schema.get(names.source(source).name())) {
                a.add(k);
            }
        }
        return new OtherLine(SCHEMA_TYPE, n);
    }

    /** Replaces each named source's key list. */
    private void putSchema(Map<String, List<String>> keyLists) throws IOException {
        for (Map.Entry<String, List<String>> e : keyLists.entrySet()) {
            SeriesNames.Source source = names.source(e.getKey());
            String[] keys = new String[e.getValue().size()];
            for (int i = 0; i < keys.length; i++) {
                keys[i] = names.key(source, e.getValue().get(i));
            }
            schema.put(source.name(), keys);
        }
    }

    /**
     * The hello a consumer must start with to read the lines after the last one decoded: the stream's
     * hello, with its {@code schema} brought up to date by the schema lines since (v2). For a relay or
     * a recorder that starts mid-stream. The same array until the schema or the hello changes; do not
     * modify it. Null before a hello.
     *
     * @throws IllegalStateException for a file reader's decoder, which does not keep the hello's bytes
     */
    public byte[] joinHello() {
        if (!keepsHelloBytes) {
            throw new IllegalStateException("a file reader's decoder does not keep the hello's bytes");
        }
        if (helloBytes == null) {
            return null;
        }
        if (!schemaMoved) {
            return helloBytes;
        }
        if (joinHello == null) {
            ObjectNode h = helloTree.deepCopy();
            ObjectNode keys = h.putObject("schema");
            // the hello's own order first, then sources announced later
            Set<String> order = new LinkedHashSet<>(helloSources);
            order.addAll(new TreeSet<>(schema.keySet()));
            for (String source : order) {
                String[] list = schema.get(source);
                if (list != null) {
                    var a = keys.putArray(source);
                    for (String k : list) {
                        a.add(k);
                    }
                }
            }
            try {
                byte[] json = JOIN_WRITER.writeValueAsBytes(h);
                joinHello = java.util.Arrays.copyOf(json, json.length + 1);
                joinHello[json.length] = '\n';
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return joinHello;
    }

    /**
     * Each source's key list in effect after the last line decoded (v2; empty in v1), read-only. A
     * list that changes is replaced by a new array, never edited: a reader may keep one by identity.
     */
    Map<String, String[]> keyLists() {
        return java.util.Collections.unmodifiableMap(schema);
    }

    /** The last hello as a tree, without its key lists (null before one); do not modify it. */
    ObjectNode helloTree() {
        return helloTree;
    }

    /**
     * True for a line that sets key lists (a hello or a schema line, as writers write them, type first):
     * what a reader that decodes parts of a capture in parallel must decode in order, to prime each
     * part's decoder with {@link #joinHello()} as it stands where the part begins.
     */
    public static boolean setsKeys(byte[] b, int off, int len) {
        return LineBytes.setsKeys(b, off, len);
    }

    private static Hello helloRecord(JsonNode n) {
        JsonNode host = n.path("host");
        return new Hello(
                n.path("format").asInt(1),
                n.path("probe").path("version").asText(null),
                host.path("hostname").asText(null),
                host.hasNonNull("board") ? host.get("board").asText() : null,
                host.path("kernel").asText(null),
                host.path("cores").asInt(0),
                host.path("user_hz").asInt(100),
                n.path("rate_hz").asInt(),
                n.path("floor_hz").asInt(),
                n.path("started_wall_ns").asLong(),
                n.path("started_mono_ns").asLong(),
                n.path("capabilities"));
    }

    // ---- sample lines: streaming, no tree ----

    /** The fields of a sample line that are not sources. */
    private static final Set<String> SAMPLE_FIELDS =
            Set.of("type", "seq", "mono_ns", "wall_ns", "dt_ns", "kmsg_dropped", "skipped", "hb", "resets", "limits");

    private SampleLine decodeSample(byte[] b, int off, int len) throws IOException {
        long seq = 0, mono = 0, wall = 0, dt = 0, dropped = 0, skipped = 0;
        Map<String, SourceValues> sources = new LinkedHashMap<>();
        Set<String> hb = Set.of();
        List<String> resets = List.of();
        Map<String, Long> limits = Map.of();
        int[] budget = {ReaderLimits.MAX_VALUES_PER_LINE};
        try (JsonParser p = json.parser(b, off, len)) {
            expect(p.nextToken(), JsonToken.START_OBJECT);
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = name(p);
                JsonToken t = p.nextToken();
                take(budget);
                boolean isSource = !SAMPLE_FIELDS.contains(field)
                        && (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY)
                        && (only == null || only.test(field));
                if (!isSource) {
                    stray(); // a field of every line, a source this reader does not read, a value that is no source's
                }
                switch (field) {
                    case "seq" -> seq = p.getLongValue();
                    case "mono_ns" -> mono = p.getLongValue();
                    case "wall_ns" -> wall = p.getLongValue();
                    case "dt_ns" -> dt = p.getLongValue();
                    case "kmsg_dropped" -> dropped = p.getLongValue();
                    case "skipped" -> skipped = p.getLongValue();
                    case "hb" -> hb = Set.copyOf(strings(p, budget));
                    case "resets" -> resets = strings(p, budget);
                    case "limits" -> limits = limits(p, budget);
                    case "type" -> {}
                    default -> {
                        if (!isSource) {
                            skip(p);
                        } else if (t == JsonToken.START_OBJECT) {
                            SeriesNames.Source source = names.source(field);
                            sources.put(source.name(), values(source, p, budget));
                        } else {
                            String source = names.source(field).name();
                            sources.put(source, positional(source, p));
                        }
                    }
                }
            }
            if (p.currentToken() != JsonToken.END_OBJECT) {
                throw new IOException("truncated sample line");
            }
        }
        return new SampleLine(seq, mono, wall, dt, sources, hb, resets, limits, dropped, skipped);
    }

    private static void take(int[] budget) throws ReaderLimits.LimitException {
        if (--budget[0] < 0) {
            throw ReaderLimits.tooManyValues();
        }
    }

    private SourceValues values(SeriesNames.Source source, JsonParser p, int[] budget) throws IOException {
        Map<String, SeriesNames.Key> interned = source.keys();
        int n = 0;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            take(budget);
            String name = name(p);
            JsonToken t = p.nextToken();
            if (t == JsonToken.VALUE_NUMBER_INT) {
                if (n == scratchKeys.length) {
                    scratchKeys = java.util.Arrays.copyOf(scratchKeys, n * 2);
                    scratchValues = java.util.Arrays.copyOf(scratchValues, n * 2);
                }
                SeriesNames.Key k = interned.get(name);
                scratchKeys[n] = k != null ? k.name() : names.key(source, name);
                scratchValues[n++] = p.getLongValue();
            } else {
                stray();
                skip(p); // null or a future non-integer value: not a reading, so not kept
            }
        }
        if (p.currentToken() != JsonToken.END_OBJECT) {
            throw new IOException("truncated sample line");
        }
        return new SourceValues(java.util.Arrays.copyOf(scratchKeys, n), java.util.Arrays.copyOf(scratchValues, n));
    }

    /**
     * v2: the values of {@code source} by position in its announced key list; {@code null} (and any
     * position past the array's end) is a key without a value on this tick. The list bounds the values.
     */
    private SourceValues positional(String source, JsonParser p) throws IOException {
        String[] names = schema.get(source);
        if (names == null) {
            throw new IOException(source + " carries values by position but no hello or schema line named its keys"
                    + " (a v2 stream is read from its hello)");
        }
        // the keys are the schema's own array while every value so far is there (the usual line): a copy of
        // it per source and line was most of what decoding allocated (some 20 KB a line at 100 Hz)
        String[] keys = null;
        long[] values = new long[names.length];
        int n = 0;
        int i = 0;
        for (JsonToken t; (t = p.nextToken()) != JsonToken.END_ARRAY; i++) {
            if (t == null) {
                throw new IOException("truncated sample line");
            }
            if (i >= names.length) {
                throw new IOException(source + " carries more values than the " + names.length + " keys of its schema");
            }
            if (t == JsonToken.VALUE_NUMBER_INT) {
                if (keys != null) {
                    keys[n] = names[i];
                }
                values[n++] = p.getLongValue();
            } else {
                if (keys == null) {
                    keys = java.util.Arrays.copyOf(names, names.length); // the first n are the values' keys
                }
                skip(p); // null, or a future non-integer value: not a reading, so not kept
            }
        }
        String[] carried = keys == null ? names : keys;
        return new SourceValues(
                n == carried.length ? carried : java.util.Arrays.copyOf(carried, n),
                n == values.length ? values : java.util.Arrays.copyOf(values, n));
    }

    /** {@code hb} and {@code resets}: names of sources and series, counted as the line's names. */
    private List<String> strings(JsonParser p, int[] budget) throws IOException {
        List<String> out = new ArrayList<>();
        if (p.currentToken() != JsonToken.START_ARRAY) {
            skip(p);
            return out;
        }
        for (JsonToken t; (t = p.nextToken()) != JsonToken.END_ARRAY; ) {
            if (t == null) {
                throw new IOException("truncated sample line");
            }
            take(budget);
            String entry = p.getValueAsString();
            out.add(entry == null ? null : countKey(entry));
            skip(p);
        }
        return out;
    }

    private Map<String, Long> limits(JsonParser p, int[] budget) throws IOException {
        Map<String, Long> out = new LinkedHashMap<>();
        if (p.currentToken() != JsonToken.START_OBJECT) {
            skip(p);
            return out;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            take(budget);
            String k = name(p);
            stray();
            JsonToken t = p.nextToken();
            out.put(k, t == JsonToken.VALUE_NUMBER_INT ? p.getLongValue() : null);
            skip(p);
        }
        return out;
    }

    private static void expect(JsonToken got, JsonToken want) throws IOException {
        if (got != want) {
            throw new IOException("expected " + want + " but found " + got);
        }
    }
}
