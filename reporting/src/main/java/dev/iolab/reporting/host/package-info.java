/**
 * Facts about the machine a measurement ran on, read from {@code /proc} and {@code /sys}:
 * {@link dev.iolab.reporting.host.HostFacts} (the machine, its load and steal, a process's or a process tree's CPU
 * time) and {@link dev.iolab.reporting.host.ProcessResources} (what a process used beside its CPU: its ended children's
 * CPU, the bytes it read, its resident memory).
 */
package dev.iolab.reporting.host;
