package dev.tickbench.core.source;

import dev.tickbench.core.cadence.CadenceRule;

/**
 * {@code /proc/buddyinfo}: {@code <node>.<zone>.<order>} = free blocks of 2^order pages, from lines
 * {@code Node 0, zone   Normal   2909 2739 …}.
 */
public final class BuddyInfo extends FileSource {
    public BuddyInfo(SystemRoots roots) {
        super("buddyinfo", SourceKind.LEVEL, new CadenceRule.BuddyInfo(), roots.proc("buddyinfo"));
    }

    @Override
    void parseContent(TextScanner s, ValueTable out) {
        parse(s, out);
    }

    static void parse(TextScanner s, ValueTable out) {
        byte[] b = s.bytes();
        while (s.nextLine()) {
            if (!s.nextToken() || !s.tokenIs("Node") || !s.nextToken((byte) ',')) {
                continue;
            }
            int nodeStart = s.tokenStart();
            int nodeEnd = s.tokenEnd();
            if (!s.nextToken((byte) ',') || !s.tokenIs("zone") || !s.nextToken()) {
                continue;
            }
            int zoneStart = s.tokenStart();
            int zoneEnd = s.tokenEnd();
            for (int order = 0; s.nextToken() && s.tokenIsNumber(); order++) {
                out.put(b, nodeStart, nodeEnd, zoneStart, zoneEnd, Keys.decimal(order), s.tokenLong());
            }
        }
    }
}
