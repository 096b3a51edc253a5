package dev.tickbench.core.capture;

/** One decoded line of the stream / capture format (FORMAT.md). */
public sealed interface StreamLine
        permits Hello, SampleLine, KmsgLine, KmsgGapLine, ThrottleLine, GapLine, CgroupLimitsLine, OtherLine {}
