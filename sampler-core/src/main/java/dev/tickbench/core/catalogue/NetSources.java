package dev.tickbench.core.catalogue;

import static dev.tickbench.core.catalogue.Metric.counter;
import static dev.tickbench.core.catalogue.Metric.gauge;
import static dev.tickbench.core.catalogue.SeriesEntry.derived;

import java.util.List;

/**
 * The network's source (FORMAT.md, "Keys per source"): {@code /proc/net/dev}, one row of counters per
 * interface of the probe's network namespace, and the rates derived from them (docs/derived-series.md).
 * Interface names come from the machine: one label value per interface on {@code /metrics}, as many as
 * the namespace has (docs/catalogue.md, "Label values from the machine").
 */
final class NetSources {
    /** An interface name, which may hold dots (a VLAN: {@code eth0.100}): greedy, up to the key's last dot. */
    private static final String IFACE = "{iface:.+}";
    /** The two halves of a row. */
    private static final String DIR = "{dir:rx|tx}";

    private NetSources() {}

    static List<SourceEntry> all() {
        return List.of(netdev());
    }

    private static SourceEntry netdev() {
        return SourceEntry.read(
                        "netdev",
                        ValueKind.COUNTER,
                        ReadRule.EVERY_TICK,
                        FileSet.proc("net/dev"),
                        "NetDev",
                        "per network interface: bytes, packets, errors and drops received and sent;"
                                + " an interface's row is sent only when one of its deltas is non-zero")
                .omittingIdleRows()
                .series(
                        net(
                                "bytes",
                                Unit.BYTES,
                                "bytes received (rx) or sent (tx), as the driver counts them",
                                "tickbench_network_bytes_total",
                                "Bytes received (rx) or sent (tx) per interface (/proc/net/dev)."),
                        net(
                                "packets",
                                Unit.COUNT,
                                "packets received or sent",
                                "tickbench_network_packets_total",
                                "Packets received (rx) or sent (tx) per interface (/proc/net/dev)."),
                        net(
                                "errs",
                                Unit.COUNT,
                                "packets with errors (bad frames, CRC; the driver's rx or tx errors)",
                                "tickbench_network_errors_total",
                                "Packets with errors received (rx) or sent (tx) per interface."),
                        net(
                                "drop",
                                Unit.COUNT,
                                "packets dropped (no buffer, no room in the queue; rx adds the missed ones)",
                                "tickbench_network_dropped_total",
                                "Packets dropped on receive (rx) or transmit (tx) per interface."),
                        derived(
                                        "net." + IFACE + "." + DIR + "_bytes_per_s",
                                        Unit.BYTES_PER_SECOND,
                                        "bytes received (rx) or sent (tx) per second over the window",
                                        Derivation.COUNTER_RATE,
                                        "netdev.{iface}.{dir}_bytes")
                                .shown("{iface} {dir}", "MB/s", Scale.per(1_000_000))
                                .group(ChartGroups.NET_BYTES)
                                .metric(gauge(
                                        "tickbench_network_bytes_per_second",
                                        "Bytes received (rx) or sent (tx) per second per interface, over the window.",
                                        "interface",
                                        "{iface}",
                                        "direction",
                                        "{dir}",
                                        "window",
                                        "{window}")),
                        derived(
                                        "net." + IFACE + "." + DIR + "_packets_per_s",
                                        Unit.PER_SECOND,
                                        "packets received (rx) or sent (tx) per second over the window",
                                        Derivation.COUNTER_RATE,
                                        "netdev.{iface}.{dir}_packets")
                                .shown("{iface} {dir}")
                                .group(ChartGroups.NET_PACKETS)
                                .metric(gauge(
                                        "tickbench_network_packets_per_second",
                                        "Packets received (rx) or sent (tx) per second per interface, over the window.",
                                        "interface",
                                        "{iface}",
                                        "direction",
                                        "{dir}",
                                        "window",
                                        "{window}")));
    }

    private static SeriesEntry net(String field, Unit unit, String description, String family, String help) {
        return SeriesEntry.counter("netdev." + IFACE + "." + DIR + "_" + field, unit, description)
                .metric(counter(family, help, "interface", "{iface}", "direction", "{dir}"));
    }
}
