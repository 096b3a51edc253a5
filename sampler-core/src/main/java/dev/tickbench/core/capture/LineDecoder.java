package dev.tickbench.core.capture;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
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
 * {@link ReaderLimits} (nesting, values per line, JSON values of a line read as a tree, distinct
 * series), so no line, however crafted, builds more than a bounded structure; sample lines (the bulk of
 * a capture) build no tree at all. Unknown types and fields are kept or ignored, never an error.
 *
 * <p>v2 carries a source's values by position in the key list the hello and the {@code schema} lines
 * announce, so the decoder remembers the current lists: feed it a stream's lines in order, from its
 * hello. A {@code schema} line decodes to an {@link OtherLine} of type {@code schema} (consumers that
 * ignore unknown types keep working). Not thread-safe (it interns keys and holds the schema).
 */
public final class LineDecoder {
    private static final ObjectMapper MAPPER = new ObjectMapper(ReaderLimits.FACTORY);
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** The line type that announces changed key lists (v2). */
    public static final String SCHEMA_TYPE = "schema";

    /** Source names, and each source's keys, interned; their count is the capture's series. */
    private final Map<String, String> sourceNames = new HashMap<>();
    private final Map<String, Map<String, String>> keysBySource = new HashMap<>();
    private int series;
    /** v2: each source's key list, by position; empty in a v1 stream. */
    private final Map<String, String[]> schema = new HashMap<>();
    /** The last hello, as received (with its '\n') and as a tree without its key lists; null before one. */
    private byte[] helloBytes;
    private ObjectNode helloTree;
    private List<String> helloSources = List.of();
    /** Whether a schema line changed a key list since the hello, and the hello re-encoded with it. */
    private boolean schemaMoved;
    private byte[] joinHello;

    /** The sources a sample line decodes, or null for all (the default). */
    private java.util.function.Predicate<String> only;

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
        try {
            return LineBytes.isSample(b, off, len) ? decodeSample(b, off, len) : decodeOther(b, off, len);
        } catch (StreamConstraintsException e) {
            throw ReaderLimits.tooDeep();
        }
    }

    // ---- every line but samples: a bounded tree, key lists straight into the schema ----

    private StreamLine decodeOther(byte[] b, int off, int len) throws IOException {
        ObjectNode n = NODES.objectNode();
        Map<String, List<String>> keyLists = null;
        int[] budget = {ReaderLimits.MAX_TREE_VALUES};
        try (JsonParser p = ReaderLimits.FACTORY.createParser(b, off, len)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IOException("not a JSON object");
            }
            String type = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken t = p.nextToken();
                if (field.equals("schema") && t == JsonToken.START_OBJECT && ("hello".equals(type) || SCHEMA_TYPE.equals(type))) {
                    keyLists = keyLists(p); // the writers put "type" first: key lists never become a tree
                    continue;
                }
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
            keyLists = keyLists(n.remove("schema")); // a foreign writer put "type" after "schema"
        }
        return switch (type) {
            case "hello" -> hello(n, keyLists, b, off, len);
            case SCHEMA_TYPE -> schemaLine(n, keyLists);
            case "sample" -> decodeSample(b, off, len); // a foreign writer put "type" later
            case "kmsg" -> new KmsgLine(n.path("mono_ns").asLong(), n.path("prio").asInt(), n.path("facility").asInt(),
                    n.path("seq").asLong(), n.path("us").asLong(), n.path("msg").asText(""));
            case "kmsg_gap" -> new KmsgGapLine(n.path("mono_ns").asLong(), n.path("dropped").asLong(),
                    n.path("from_us").asLong(), n.path("to_us").asLong(), n.path("reason").asText(""));
            case "throttle" -> new ThrottleLine(n.path("mono_ns").asLong(), n.path("wall_ns").asLong(),
                    n.path("iowait").asDouble(Double.NaN), n.path("smoothed").asDouble(Double.NaN),
                    n.path("zone").asText(null), n.path("effective").asInt(), n.path("ceiling").asInt(),
                    n.path("grow_spread_s").asDouble(Double.NaN), nullableLong(n.get("last_throttle_mono_ns")),
                    n.hasNonNull("peaks") ? n.get("peaks") : null);
            case "gap" -> new GapLine(n.path("from_seq").asLong(), n.path("to_seq").asLong(), n.path("reason").asText(""));
            case "cgroup_limits" -> new CgroupLimitsLine(n.path("mono_ns").asLong(), n);
            default -> new OtherLine(type, n);
        };
    }

    /** The value at the parser's current token as a tree, counting every JSON value against {@code budget}. */
    private static JsonNode tree(JsonParser p, JsonToken t, int[] budget) throws IOException {
        if (--budget[0] < 0) {
            throw ReaderLimits.tooManyTreeValues();
        }
        switch (t) {
            case START_OBJECT -> {
                ObjectNode o = NODES.objectNode();
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String name = p.currentName();
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
                return NODES.textNode(p.getText());
            }
            case VALUE_NUMBER_INT -> {
                return switch (p.getNumberType()) {
                    case INT -> NODES.numberNode(p.getIntValue());
                    case LONG -> NODES.numberNode(p.getLongValue());
                    default -> NODES.numberNode(p.getBigIntegerValue());
                };
            }
            case VALUE_NUMBER_FLOAT -> {
                return NODES.numberNode(p.getDoubleValue());
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return NODES.booleanNode(t == JsonToken.VALUE_TRUE);
            }
            case VALUE_NULL -> {
                return NODES.nullNode();
            }
            default -> throw new IOException(t == null ? "truncated line" : "unexpected " + t);
        }
    }

    /** {@code {"source":["key",…],…}} read straight into lists, every key counted against the line's values. */
    private static Map<String, List<String>> keyLists(JsonParser p) throws IOException {
        Map<String, List<String>> out = new LinkedHashMap<>();
        int values = 0;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String source = p.currentName();
            if (p.nextToken() != JsonToken.START_ARRAY) {
                throw new IOException("the schema of " + source + " is not a list of keys");
            }
            List<String> keys = new ArrayList<>();
            for (JsonToken t; (t = p.nextToken()) != JsonToken.END_ARRAY; ) {
                if (++values > ReaderLimits.MAX_VALUES_PER_LINE) {
                    throw ReaderLimits.tooManyValues();
                }
                if (t != JsonToken.VALUE_STRING) {
                    throw new IOException(t == null ? "truncated line"
                            : "the schema of " + source + " has a key that is not a string at position " + keys.size());
                }
                keys.add(p.getText());
            }
            out.put(source, keys);
        }
        if (p.currentToken() != JsonToken.END_OBJECT) {
            throw new IOException("truncated line");
        }
        return out;
    }

    /** The same from a tree (bounded already): a hello or schema line whose writer did not put "type" first. */
    private static Map<String, List<String>> keyLists(JsonNode sources) throws IOException {
        if (sources == null || !sources.isObject()) {
            throw new IOException("\"schema\" is not an object of key lists");
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (var it = sources.fields(); it.hasNext(); ) {
            var e = it.next();
            if (!e.getValue().isArray()) {
                throw new IOException("the schema of " + e.getKey() + " is not a list of keys");
            }
            List<String> keys = new ArrayList<>();
            for (JsonNode k : e.getValue()) {
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

    private Hello hello(ObjectNode n, Map<String, List<String>> keyLists, byte[] b, int off, int len) throws IOException {
        schema.clear(); // a hello starts a stream: only its own key lists hold from here
        if (keyLists != null) {
            putSchema(keyLists);
        }
        helloSources = keyLists == null ? List.of() : List.copyOf(keyLists.keySet());
        int end = off + len;
        while (end > off && (b[end - 1] == '\n' || b[end - 1] == '\r')) {
            end--;
        }
        helloBytes = java.util.Arrays.copyOfRange(b, off, end + 1);
        helloBytes[helloBytes.length - 1] = '\n';
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
            for (String k : schema.get(sourceNames.get(source))) {
                a.add(k);
            }
        }
        return new OtherLine(SCHEMA_TYPE, n);
    }

    /** Replaces each named source's key list. */
    private void putSchema(Map<String, List<String>> keyLists) throws IOException {
        for (Map.Entry<String, List<String>> e : keyLists.entrySet()) {
            String source = source(e.getKey());
            String[] keys = new String[e.getValue().size()];
            for (int i = 0; i < keys.length; i++) {
                keys[i] = key(source, e.getValue().get(i));
            }
            schema.put(source, keys);
        }
    }

    /**
     * The hello a consumer must start with to read the lines after the last one decoded: the stream's
     * hello, with its {@code schema} brought up to date by the schema lines since (v2). For a relay or
     * a recorder that starts mid-stream. The same array until the schema or the hello changes; do not
     * modify it. Null before a hello.
     */
    public byte[] joinHello() {
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
                byte[] json = MAPPER.writeValueAsBytes(h);
                joinHello = java.util.Arrays.copyOf(json, json.length + 1);
                joinHello[json.length] = '\n';
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return joinHello;
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
        return new Hello(n.path("format").asInt(1), n.path("probe").path("version").asText(null),
                host.path("hostname").asText(null), host.hasNonNull("board") ? host.get("board").asText() : null,
                host.path("kernel").asText(null), host.path("cores").asInt(0), host.path("user_hz").asInt(100),
                n.path("rate_hz").asInt(), n.path("floor_hz").asInt(), n.path("started_wall_ns").asLong(),
                n.path("started_mono_ns").asLong(), n.path("capabilities"));
    }

    // ---- sample lines: streaming, no tree ----

    private SampleLine decodeSample(byte[] b, int off, int len) throws IOException {
        long seq = 0, mono = 0, wall = 0, dt = 0, dropped = 0, skipped = 0;
        Map<String, SourceValues> sources = new LinkedHashMap<>();
        Set<String> hb = Set.of();
        List<String> resets = List.of();
        Map<String, Long> limits = Map.of();
        int[] budget = {ReaderLimits.MAX_VALUES_PER_LINE};
        try (JsonParser p = ReaderLimits.FACTORY.createParser(b, off, len)) {
            expect(p.nextToken(), JsonToken.START_OBJECT);
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken t = p.nextToken();
                take(budget);
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
                    case "type" -> { }
                    default -> {
                        if (only != null && !only.test(field)) {
                            p.skipChildren(); // a source this reader does not read
                        } else if (t == JsonToken.START_OBJECT) {
                            String source = source(field);
                            sources.put(source, values(source, p, budget));
                        } else if (t == JsonToken.START_ARRAY) {
                            String source = source(field);
                            sources.put(source, positional(source, p));
                        } else {
                            p.skipChildren();
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

    private SourceValues values(String source, JsonParser p, int[] budget) throws IOException {
        List<String> keys = new ArrayList<>();
        long[] values = new long[16];
        int n = 0;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            take(budget);
            String name = p.currentName();
            JsonToken t = p.nextToken();
            if (t == JsonToken.VALUE_NUMBER_INT) {
                if (n == values.length) {
                    values = java.util.Arrays.copyOf(values, n * 2);
                }
                keys.add(key(source, name));
                values[n++] = p.getLongValue();
            } else {
                p.skipChildren(); // null or a future non-integer value: not a reading, so not kept
            }
        }
        if (p.currentToken() != JsonToken.END_OBJECT) {
            throw new IOException("truncated sample line");
        }
        return new SourceValues(keys.toArray(new String[0]), java.util.Arrays.copyOf(values, n));
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
        // it per source and line was most of what decoding allocated (some 20 KB a line at 100 Hz, issue 25)
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
                p.skipChildren(); // null, or a future non-integer value: not a reading, so not kept
            }
        }
        String[] carried = keys == null ? names : keys;
        return new SourceValues(n == carried.length ? carried : java.util.Arrays.copyOf(carried, n),
                n == values.length ? values : java.util.Arrays.copyOf(values, n));
    }

    private static List<String> strings(JsonParser p, int[] budget) throws IOException {
        List<String> out = new ArrayList<>();
        if (p.currentToken() != JsonToken.START_ARRAY) {
            p.skipChildren();
            return out;
        }
        for (JsonToken t; (t = p.nextToken()) != JsonToken.END_ARRAY; ) {
            if (t == null) {
                throw new IOException("truncated sample line");
            }
            take(budget);
            out.add(p.getValueAsString());
            p.skipChildren();
        }
        return out;
    }

    private static Map<String, Long> limits(JsonParser p, int[] budget) throws IOException {
        Map<String, Long> out = new LinkedHashMap<>();
        if (p.currentToken() != JsonToken.START_OBJECT) {
            p.skipChildren();
            return out;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            take(budget);
            String k = p.currentName();
            JsonToken t = p.nextToken();
            out.put(k, t == JsonToken.VALUE_NUMBER_INT ? p.getLongValue() : null);
            p.skipChildren();
        }
        return out;
    }

    // ---- interning, which is also where distinct series are counted ----

    private String source(String name) throws ReaderLimits.LimitException {
        String s = sourceNames.get(name);
        if (s == null) {
            count();
            s = name;
            sourceNames.put(s, s);
            keysBySource.put(s, new HashMap<>());
        }
        return s;
    }

    /** {@code source} must be interned already. */
    private String key(String source, String name) throws ReaderLimits.LimitException {
        Map<String, String> keys = keysBySource.get(source);
        String k = keys.get(name);
        if (k == null) {
            count();
            k = name;
            keys.put(k, k);
        }
        return k;
    }

    private void count() throws ReaderLimits.LimitException {
        if (series >= ReaderLimits.MAX_SERIES) {
            throw ReaderLimits.tooManySeries();
        }
        series++;
    }

    private static void expect(JsonToken got, JsonToken want) throws IOException {
        if (got != want) {
            throw new IOException("expected " + want + " but found " + got);
        }
    }
}
