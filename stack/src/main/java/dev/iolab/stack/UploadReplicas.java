package dev.iolab.stack;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * N upload-service replicas storing into one Azurite, each on its own public and management port, and — when asked,
 * always with more than one — HAProxy in front of them ({@link HaproxyProcess}, the committed configuration): what
 * {@link DevStack} ({@code scripts/dev-up.sh --replicas N}), the scale study and the stack test run.
 *
 * <p>Replicas behind the balancer are told who their proxy is, with Spring Boot's own properties: they take the
 * client's address from {@code X-Forwarded-For} only when the connection comes from HAProxy's address
 * ({@code server.forward-headers-strategy=native}, {@code server.tomcat.remoteip.internal-proxies=127\.0\.0\.1}; the
 * simulated clients never use that address, see {@link ClientAddresses}). Their per-address connection limit is
 * raised to their connection limit, because every connection comes from HAProxy's address; HAProxy enforces the
 * per-client limit instead (see {@code ops/haproxy/haproxy.cfg}).
 */
public final class UploadReplicas implements AutoCloseable {

    /** What Tomcat accepts at most (the service's {@code server.tomcat.max-connections}). */
    private static final int REPLICA_MAX_CONNECTIONS = 1024;

    /**
     * How the replicas are laid out.
     *
     * @param replicas            how many service jars
     * @param balancer            HAProxy in front (forced on for more than one replica)
     * @param publicPort          where clients send uploads — HAProxy's port, or the single replica's without one;
     *                            0 for a free port
     * @param firstManagementPort replica <i>i</i> (1-based) serves {@code /actuator/*} on this port + <i>i</i> − 1;
     *                            0 for free ports
     */
    public record Layout(int replicas, boolean balancer, int publicPort, int firstManagementPort) {

        public Layout {
            if (replicas < 1) {
                throw new IllegalArgumentException("at least one replica, not " + replicas);
            }
            balancer = balancer || replicas > 1;
        }

        /** {@code replicas} behind HAProxy on free ports. */
        public static Layout balanced(int replicas) {
            return new Layout(replicas, true, 0, 0);
        }
    }

    private final List<UploadServiceProcess> replicas;
    private final HaproxyProcess balancer;

    private UploadReplicas(List<UploadServiceProcess> replicas, HaproxyProcess balancer) {
        this.replicas = replicas;
        this.balancer = balancer;
    }

    /**
     * Starts the replicas (at the same time) and the balancer, each replica's files in {@code workDir/replica-<i>},
     * HAProxy's in {@code workDir/haproxy}; returns once every replica is healthy and HAProxy reports them all UP.
     * Whatever started is stopped again when something fails.
     */
    public static UploadReplicas start(
            UploadServiceProcess.Settings settings, Layout layout, AzuriteProcess azurite, Path workDir)
            throws IOException, InterruptedException {
        List<UploadServiceProcess> started = new ArrayList<>();
        HaproxyProcess balancer = null;
        try (ExecutorService starter = Executors.newFixedThreadPool(layout.replicas())) {
            List<Future<UploadServiceProcess>> pending = new ArrayList<>();
            for (int i = 1; i <= layout.replicas(); i++) {
                UploadServiceProcess.Settings replica = replicaSettings(settings, layout, i);
                Path dir = workDir.resolve("replica-" + i);
                pending.add(starter.submit(() -> UploadServiceProcess.start(replica, azurite, dir)));
            }
            List<Exception> failures = new ArrayList<>();
            for (Future<UploadServiceProcess> f : pending) {
                try {
                    started.add(f.get());
                } catch (ExecutionException e) {
                    failures.add(e.getCause() instanceof Exception cause ? cause : e);
                }
            }
            if (!failures.isEmpty()) {
                IllegalStateException failure = new IllegalStateException(
                        failures.size() + " of " + layout.replicas() + " replicas did not start: "
                                + failures.getFirst().getMessage(),
                        failures.getFirst());
                failures.stream().skip(1).forEach(failure::addSuppressed);
                throw failure;
            }
            if (layout.balancer()) {
                List<HaproxyProcess.Backend> backends = new ArrayList<>();
                for (int i = 0; i < started.size(); i++) {
                    backends.add(new HaproxyProcess.Backend(
                            "replica-" + (i + 1),
                            started.get(i).port(),
                            started.get(i).managementPort()));
                }
                balancer = HaproxyProcess.start(workDir.resolve("haproxy"), layout.publicPort(), backends);
                balancer.awaitAllUp(Duration.ofSeconds(30));
            }
            return new UploadReplicas(List.copyOf(started), balancer);
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            if (balancer != null) {
                balancer.close();
            }
            started.forEach(UploadServiceProcess::close);
            throw e;
        }
    }

    private static UploadServiceProcess.Settings replicaSettings(
            UploadServiceProcess.Settings settings, Layout layout, int replica) {
        UploadServiceProcess.Settings s = settings.withManagementPort(
                layout.firstManagementPort() > 0 ? layout.firstManagementPort() + replica - 1 : 0);
        if (!layout.balancer()) {
            return s.withPort(layout.publicPort());
        }
        List<String> args = new ArrayList<>(List.of(
                "--server.forward-headers-strategy=native",
                "--server.tomcat.remoteip.internal-proxies=127\\.0\\.0\\.1",
                "--upload.connections.max-per-address=" + REPLICA_MAX_CONNECTIONS));
        // The caller's arguments last: Spring takes the last value of a repeated property.
        args.addAll(settings.args());
        return s.withPort(0).withArgs(args);
    }

    /** The replicas, replica 1 first. */
    public List<UploadServiceProcess> replicas() {
        return replicas;
    }

    /** Replica {@code number} (1-based, as in its name {@code replica-<number>} and its Prometheus label). */
    public UploadServiceProcess replica(int number) {
        return replicas.get(number - 1);
    }

    /** HAProxy, when one is in front. */
    public Optional<HaproxyProcess> balancer() {
        return Optional.ofNullable(balancer);
    }

    /** Where clients send uploads: HAProxy, or the single replica without one. */
    public URI baseUrl() {
        return balancer != null ? balancer.baseUrl() : replicas.getFirst().baseUrl();
    }

    /** Each replica's management port as a Prometheus target, labelled {@code replica=<number>}. */
    public List<PrometheusProcess.Target> scrapeTargets() {
        List<PrometheusProcess.Target> targets = new ArrayList<>();
        for (int i = 0; i < replicas.size(); i++) {
            targets.add(new PrometheusProcess.Target(replicas.get(i).metricsTarget(), Integer.toString(i + 1)));
        }
        return targets;
    }

    /** HAProxy's metrics address ({@code host:port}), or null without a balancer. */
    public String balancerMetricsTarget() {
        return balancer == null ? null : balancer.metricsTarget();
    }

    /** CPU seconds the replicas that are still alive have used. */
    public double cpuSeconds() {
        double sum = 0;
        for (UploadServiceProcess r : replicas) {
            double cpu = ProcFs.cpuSeconds(r.pid());
            if (!Double.isNaN(cpu)) {
                sum += cpu;
            }
        }
        return sum;
    }

    /** Stops the balancer first (no new uploads), then every replica, and waits for them. */
    @Override
    public void close() {
        if (balancer != null) {
            balancer.close();
        }
        try (ExecutorService stopper = Executors.newFixedThreadPool(replicas.size())) {
            replicas.forEach(r -> stopper.submit(r::close));
        }
    }
}
