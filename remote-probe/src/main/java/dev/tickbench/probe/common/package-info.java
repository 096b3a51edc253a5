/**
 * What the probe's command line ({@code cli}) and its servers ({@code http}, {@code ssh}) both use: a
 * user error, an {@code ADDR:PORT} flag, the streams a command runs with, the version. The servers
 * know nothing of the command line (the SSH server is handed the command line of the verbs it runs):
 * ProbeArchitectureTest.
 */
package dev.tickbench.probe.common;
