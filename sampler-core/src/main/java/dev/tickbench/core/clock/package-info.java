/**
 * "Why is the clock low?": a verdict per cpufreq policy over a window of samples, naming what holds
 * the clock down (thermal, power, policy, the governor, idle, or none) with its evidence. It reads the
 * decoded stream, so it works alike on a live sampler's lines and on a capture's range. The rules:
 * docs/clock.md.
 */
package dev.tickbench.core.clock;
