package dev.tickbench.core.source;

/** What the kernel log reader hands over, in order: a record, or the place where records were lost. */
public sealed interface KmsgEvent permits KmsgRecord, KmsgGap {}
