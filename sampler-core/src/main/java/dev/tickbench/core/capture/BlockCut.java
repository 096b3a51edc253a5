package dev.tickbench.core.capture;

/**
 * Where a seekable capture's blocks end (FORMAT.md, "Seekable captures"), read from each line's first
 * bytes ({@link LineBytes}): before a hello; before the first sample 10 s after the block's first sample,
 * or past {@link CaptureIndexWriter#MAX_BLOCK_BYTES} of lines; any other line (a schema line never: it
 * stays with the sample after it) only past twice that. The writer cuts a gzip capture's members by it
 * whether or not it writes the index, so an index built later finds the blocks its writer would have.
 */
final class BlockCut {
    private boolean inBlock;
    private int samples;
    private long firstMonoNs;
    private long bytes;

    /** Takes the next line; true when it starts a new block (the one under way ends before it). */
    boolean startsBlock(byte[] b, int off, int len) {
        boolean hello = LineBytes.isHello(b, off, len);
        long mono = hello ? -1 : LineBytes.sampleMonoNs(b, off, len);
        boolean cut = inBlock && ends(hello, mono, b, off, len);
        if (cut || !inBlock) {
            inBlock = true;
            samples = 0;
            bytes = 0;
        }
        bytes += len;
        if (mono >= 0) {
            if (samples == 0) {
                firstMonoNs = mono;
            }
            samples++;
        }
        return cut;
    }

    private boolean ends(boolean hello, long mono, byte[] b, int off, int len) {
        if (hello) {
            return true;
        }
        if (mono >= 0 && samples > 0) {
            return mono - firstMonoNs >= CaptureIndexWriter.BLOCK_NS
                    || bytes + len > CaptureIndexWriter.MAX_BLOCK_BYTES;
        }
        return !LineBytes.isType(b, off, len, SCHEMA) && bytes + len > 2 * CaptureIndexWriter.MAX_BLOCK_BYTES;
    }

    private static final byte[] SCHEMA = LineBytes.typePrefix(LineDecoder.SCHEMA_TYPE);
}
