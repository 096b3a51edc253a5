/**
 * The flight recorder: a memory-bounded ring of the last seconds of a stream, and on a {@code trigger}
 * line a capture of the seconds before and after it, written to a temporary name and renamed,
 * overlapping triggers merged into one file, a cool-down, and a disk bound that removes the oldest
 * captures (docs/triggers.md, "The recorder").
 */
package dev.tickbench.core.recorder;
