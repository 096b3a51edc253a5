package dev.tickbench.core.capture;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.io.IOContext;
import com.fasterxml.jackson.core.json.UTF8StreamJsonParser;
import com.fasterxml.jackson.core.sym.ByteQuadsCanonicalizer;

/**
 * The JSON parsers of one reader's lines, within the {@link ReaderLimits} Jackson applies itself (nesting,
 * a name's bytes, a string's characters), all of them sharing one table of the names they decoded. A name
 * found there is not decoded again, which makes reading five to ten times faster; Jackson's own factory
 * keeps such a table too, but gives each parser a copy to grow and drops its own once a line brings more
 * than 6000 names, so that a line of 32 768 keys was decoded into a new table of 7 MB, line after line.
 * Here the table is one, grown in place; what it holds is what {@link LineDecoder} counts (the series
 * names, bounded by the reader limits, and other names up to {@link ReaderLimits#STRAY_NAME_CHARS}, past
 * which the decoder starts a new one). Not thread-safe.
 */
final class LineParsers extends JsonFactory {
    private static final byte[] BOM = {(byte) 0xef, (byte) 0xbb, (byte) 0xbf};
    private final ByteQuadsCanonicalizer names;

    LineParsers() {
        super(new JsonFactoryBuilder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(ReaderLimits.MAX_DEPTH)
                        .maxNameLength(ReaderLimits.MAX_NAME_BYTES)
                        .maxStringLength(ReaderLimits.MAX_STRING_CHARS)
                        .build())
                .disable(
                        JsonFactory.Feature
                                .INTERN_FIELD_NAMES)); // String.intern and Jackson's cache of 180: names kept for
        // nothing
        names = _byteSymbolCanonicalizer.makeChild(_factoryFeatures);
    }

    /** A parser of the UTF-8 line {@code b[off, off + len)} (a byte order mark before it skipped). */
    JsonParser parser(byte[] b, int off, int len) {
        if (len >= BOM.length && b[off] == BOM[0] && b[off + 1] == BOM[1] && b[off + 2] == BOM[2]) {
            off += BOM.length;
            len -= BOM.length;
        }
        IOContext context = _createContext(_createContentReference(b, off, len), false);
        // not recyclable: the line's buffer is the reader's, not Jackson's to keep
        return new UTF8StreamJsonParser(context, _parserFeatures, null, _objectCodec, names, b, off, off + len, false);
    }
}
