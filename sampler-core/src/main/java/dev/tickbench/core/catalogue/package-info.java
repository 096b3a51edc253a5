/**
 * The series catalogue: what every series is (kind, unit, shown unit and scale, name, chart group,
 * inputs, Prometheus family), declared once and read by the sampler, the CSV export, {@code /metrics},
 * the floors and the workbench. The rules, and how to add a source: docs/catalogue.md.
 *
 * <p>A leaf: it imports nothing of the project, so every package may read it (CoreArchitectureTest).
 */
package dev.tickbench.core.catalogue;
