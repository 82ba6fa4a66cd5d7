package dev.iolab.stack;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The local stack in one command, no Docker: what {@code scripts/dev-up.sh} runs. Azurite (in memory), N upload-service
 * jars and — with more than one — HAProxy in front of them, optionally Prometheus scraping every replica.
 *
 * <pre>{@code
 * scripts/dev-up.sh                                    # one service on http://127.0.0.1:8080, /actuator on :8081
 * scripts/dev-up.sh --replicas 2                       # HAProxy on :8080 in front of 2 replicas (/actuator :8081, :8082)
 * scripts/dev-up.sh --replicas 2 --prometheus          # and Prometheus scraping both and HAProxy
 * scripts/dev-up.sh --port 9090 --upload.default-strategy=buffer-4k   # other port; --upload.* etc. go to the service
 * }</pre>
 *
 * One replica is today's single service: no balancer, so that a first run needs nothing beyond a JDK and npm, and the
 * address clients use is the service itself. Ctrl-C stops everything (shutdown hooks); logs stay in a temporary
 * directory the start-up message names. The stack keeps running while at least one replica lives, so a replica can be
 * killed to watch HAProxy take it out.
 */
@Command(
        name = "scripts/dev-up.sh",
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Starts Azurite (in memory), the upload-service jar and, with more than one replica, HAProxy in front of "
                    + "them, on 127.0.0.1, no Docker. Health, metrics and info are on each replica's management port.",
            ""
        },
        footer = {
            "",
            "Arguments starting with -- that are not options above go to every replica, e.g. "
                    + "--upload.default-strategy=buffer-4k.",
            "HAProxy (--replicas 2 or more) needs Debian's haproxy package; --prometheus its prometheus package."
        })
public final class DevStack implements Callable<Integer> {

    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "this help")
    boolean help;

    @Option(
            names = "--replicas",
            paramLabel = "N",
            defaultValue = "1",
            description = "service jars to start; more than one are put behind HAProxy (default: ${DEFAULT-VALUE})")
    int replicas;

    @Option(
            names = "--port",
            paramLabel = "PORT",
            defaultValue = "${env:PORT:-8080}",
            description = "where clients send uploads: HAProxy's port, or the single service's "
                    + "(environment PORT; default: ${DEFAULT-VALUE})")
    int port;

    @Option(
            names = "--management-port",
            paramLabel = "PORT",
            defaultValue = "${env:MANAGEMENT_PORT:-0}",
            description = "replica 1's management port (/actuator/*); replica i gets this + i - 1 "
                    + "(environment MANAGEMENT_PORT; default: --port + 1)")
    int managementPort;

    @Option(
            names = "--java-opts",
            paramLabel = "OPTIONS",
            defaultValue = "${env:JAVA_OPTS:--Xmx512m}",
            description = "each replica's JVM options (environment JAVA_OPTS; default: ${DEFAULT-VALUE})")
    String javaOpts;

    @Option(
            names = "--container",
            paramLabel = "NAME",
            defaultValue = "${env:UPLOAD_CONTAINER:-uploads}",
            description = "blob container (environment UPLOAD_CONTAINER; default: ${DEFAULT-VALUE})")
    String container;

    @Option(
            names = "--prometheus",
            description = "also start Prometheus (Debian's prometheus) scraping every replica and HAProxy, "
                    + "with the repository's scrape configuration")
    boolean prometheus;

    @Parameters(paramLabel = "--<service property>=<value>", description = "passed to every replica")
    List<String> serviceArgs = new ArrayList<>();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine(new DevStack()).execute(args));
    }

    /**
     * The command line for {@code stack}: service properties pass through as positional parameters, and a failure
     * to start (no jar, a port taken, a tool missing) is answered with its message and exit status 1, not a stack
     * trace.
     */
    static CommandLine commandLine(DevStack stack) {
        return new CommandLine(stack)
                .setUnmatchedOptionsArePositionalParams(true)
                .setExecutionExceptionHandler(DevStack::reportFailure);
    }

    /** Prints the failure and each distinct cause as one line each; the status is 1. */
    static int reportFailure(Exception failure, CommandLine commandLine, CommandLine.ParseResult parsed) {
        StringBuilder message = new StringBuilder("dev-up failed: ").append(describe(failure));
        String last = describe(failure);
        for (Throwable cause = failure.getCause(); cause != null; cause = cause.getCause()) {
            String line = describe(cause);
            if (!last.contains(line)) {
                message.append(System.lineSeparator()).append("  because: ").append(line);
            }
            last = line;
        }
        commandLine.getErr().println(message);
        commandLine.getErr().flush();
        return 1;
    }

    private static String describe(Throwable failure) {
        return failure.getMessage() == null || failure.getMessage().isBlank()
                ? failure.getClass().getSimpleName()
                : failure.getMessage();
    }

    @Override
    public Integer call() throws Exception {
        validate();
        int firstManagement = managementPort > 0 ? managementPort : port + 1;
        List<String> jvmOptions = javaOpts.isBlank()
                ? List.of("-Xmx512m")
                : List.of(javaOpts.strip().split("\\s+"));
        Path logs = Files.createTempDirectory("iolab-dev-");
        UploadServiceProcess.Settings settings = UploadServiceProcess.Settings.defaults()
                .withJvmOptions(jvmOptions)
                .withArgs(serviceArgs)
                .withContainer(container);

        AzuriteProcess azurite = AzuriteProcess.start(logs);
        System.out.println("Azurite blob service on " + azurite.blobEndpoint() + " (in memory, log "
                + azurite.process().log() + ")");
        UploadReplicas stack = UploadReplicas.start(
                settings, new UploadReplicas.Layout(replicas, false, port, firstManagement), azurite, logs);
        printReplicas(stack, jvmOptions);
        PrometheusProcess scraper = prometheus ? startPrometheus(stack, logs) : null;
        printExamples(stack);

        int exit = awaitReplicas(stack);
        if (scraper != null) {
            scraper.close();
        }
        stack.close();
        azurite.close();
        return exit;
    }

    /** One line per replica (its URLs, pid, JVM options and log), its strategies, and HAProxy's in front of them. */
    private void printReplicas(UploadReplicas stack, List<String> jvmOptions) throws IOException, InterruptedException {
        for (int i = 1; i <= replicas; i++) {
            UploadServiceProcess r = stack.replica(i);
            System.out.println(
                    (replicas > 1 ? "replica " + i + ": uploads " + r.baseUrl() : "upload-service on " + r.baseUrl())
                            + ", management " + r.managementUrl() + " (pid " + r.pid() + ", "
                            + String.join(" ", jvmOptions)
                            + ", log " + r.process().log() + ")");
        }
        System.out.println("  strategies " + stack.replica(1).strategies());
        stack.balancer()
                .ifPresent(h -> System.out.println("HAProxy on " + h.baseUrl() + " in front of " + replicas
                        + " replicas (leastconn, health checks on their management ports); stats " + h.statsUrl()
                        + " (user " + HaproxyProcess.STATS_USER + ", password " + h.statsPassword() + "), log "
                        + h.process().log()));
    }

    private PrometheusProcess startPrometheus(UploadReplicas stack, Path logs)
            throws IOException, InterruptedException {
        PrometheusProcess scraper = PrometheusProcess.start(
                logs.resolve("prometheus"), stack.scrapeTargets(), stack.balancerMetricsTarget(), 5);
        System.out.println("Prometheus on " + scraper.baseUrl() + " scraping " + replicas + " replica(s)"
                + (stack.balancer().isPresent() ? " and HAProxy" : "") + ", log "
                + scraper.process().log());
        return scraper;
    }

    /** Commands to try against the running stack. */
    private void printExamples(UploadReplicas stack) {
        String base = stack.baseUrl().toString();
        String management = stack.replica(1).managementUrl().toString();
        System.out.println("  curl -T some.file '" + base + "/uploads/some.file?strategy=on-demand'");
        System.out.println("  curl -F file=@some.file '" + base + "/uploads?strategy=buffer-4k'");
        System.out.println("  curl -o copy.file '" + base + "/uploads/some.file'");
        System.out.println("  curl -s " + management + "/actuator/prometheus | grep iolab_upload");
        if (replicas > 1) {
            System.out.println("  kill -9 " + stack.replica(replicas).pid()
                    + "    # a replica dies: HAProxy takes it out within about 2 s, the others go on");
        }
        System.out.println("Ctrl-C stops " + (replicas > 1 ? "everything." : "Azurite and the service."));
    }

    /** Waits while at least one replica lives, reporting each that exits; 1 once none is left. */
    private static int awaitReplicas(UploadReplicas stack) {
        List<UploadServiceProcess> alive = new ArrayList<>(stack.replicas());
        while (!alive.isEmpty()) {
            CompletableFuture<?>[] exits =
                    alive.stream().map(r -> r.process().process().onExit()).toArray(CompletableFuture[]::new);
            CompletableFuture.anyOf(exits).join();
            for (UploadServiceProcess r : List.copyOf(alive)) {
                if (!r.process().isAlive()) {
                    alive.remove(r);
                    int number = stack.replicas().indexOf(r) + 1;
                    System.err.println("upload-service" + (stack.replicas().size() > 1 ? " replica " + number : "")
                            + " exited with " + r.process().process().exitValue() + "; log "
                            + r.process().log()
                            + ":\n" + r.process().tail());
                }
            }
            if (!alive.isEmpty()) {
                System.err.println(alive.size() + " replica(s) still running behind HAProxy.");
            }
        }
        return 1;
    }

    private void validate() {
        if (replicas < 1 || replicas > 16) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--replicas takes 1 to 16, got " + replicas);
        }
        checkPort("--port (or PORT)", port);
        if (managementPort != 0) {
            checkPort("--management-port (or MANAGEMENT_PORT)", managementPort);
        }
        int firstManagement = managementPort > 0 ? managementPort : port + 1;
        if (port >= firstManagement && port < firstManagement + replicas || firstManagement + replicas - 1 > 65535) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "the management ports " + firstManagement + "-" + (firstManagement + replicas - 1)
                            + " must be TCP ports and must not include --port " + port);
        }
        for (String arg : serviceArgs) {
            if (!arg.startsWith("--")) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(), "'" + arg + "' is neither an option nor a service property (--name=value)");
            }
        }
    }

    private void checkPort(String name, int value) {
        if (value < 1 || value > 65535) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), name + " must be a TCP port (1-65535), got " + value);
        }
    }
}
