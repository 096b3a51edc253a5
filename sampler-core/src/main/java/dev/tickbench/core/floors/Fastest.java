package dev.tickbench.core.floors;

/** The member of a source (a slab cache, a core, a buddy order, an MTD field) whose value changed most often. */
public record Fastest(String member, long changes, double hz) {}
