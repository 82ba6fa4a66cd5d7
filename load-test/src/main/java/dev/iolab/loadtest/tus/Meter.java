package dev.iolab.loadtest.tus;

import dev.iolab.stack.AzuriteProcess;

/**
 * The wall time and CPU seconds (user + system, from {@code /proc}) of a server and of Azurite between {@link #start}
 * and {@link #stop}, and the server's peak RSS at the stop.
 */
final class Meter {

    private final TusServer server;
    private final AzuriteProcess azurite;
    private final long startNanos;
    private final double serverCpu;
    private final double azuriteCpu;

    private Meter(TusServer server, AzuriteProcess azurite) {
        this.server = server;
        this.azurite = azurite;
        this.serverCpu = server.cpuSeconds();
        this.azuriteCpu = azurite.process().treeCpuSeconds();
        this.startNanos = System.nanoTime();
    }

    static Meter start(TusServer server, AzuriteProcess azurite) {
        return new Meter(server, azurite);
    }

    TusResult.Usage stop() {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        return new TusResult.Usage(
                seconds,
                server.cpuSeconds() - serverCpu,
                azurite.process().treeCpuSeconds() - azuriteCpu,
                server.peakRssBytes());
    }
}
