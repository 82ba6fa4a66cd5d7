package dev.iolab.bench.walk;

import com.sun.management.OperatingSystemMXBean;
import dev.iolab.bench.nativeio.Libc;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code CompareWalkers PATH ROUNDS WALKER:THREADS[:LISTING] …}: warm walks of one tree by several walkers in turn, in
 * one JVM, round after round (round r starts with walker r mod n), then a Markdown table per walker of the median and
 * best wall time, the median CPU time of the whole process during the walk (walkers, JIT and GC threads), and the
 * median's ratio to the {@code NATIVE} walker at the same thread count.
 *
 * <p>Why, beside JMH: on a shared machine the load changes from minute to minute, and JMH runs one trial after the
 * other, so two rows of one JMH run can differ by the load alone. Interleaving walk by walk exposes every walker to
 * the same load; CPU time, unlike wall time, hardly depends on it. The first {@value #WARM_UP_ROUNDS} rounds are
 * warm-up and not counted; every walk's totals must equal the first walk's. Exit status 0; 1 if walks disagreed; 2
 * on bad usage. How to run it: {@code docs/benchmarks/dirwalk.md}.
 */
public final class CompareWalkers {

    static final int WARM_UP_ROUNDS = 2;

    private CompareWalkers() {}

    /** One walker of the comparison, as given on the command line. */
    record Contender(WalkerKind walker, int threads, Listing listing) {

        static Contender parse(String text) {
            String[] parts = text.split(":");
            if (parts.length < 2 || parts.length > 3) {
                throw new TypeConversionException("expected WALKER:THREADS[:LISTING], got " + text);
            }
            WalkerKind walker = CommandLines.constant(WalkerKind.class, "walker", parts[0]);
            long threads = CommandLines.wholeNumber(1, WalkerKind.MAX_THREADS, parts[1]);
            Listing listing =
                    parts.length == 3 ? CommandLines.constant(Listing.class, "listing", parts[2]) : Listing.RELATIVE;
            return new Contender(walker, (int) threads, listing);
        }

        String label() {
            return walker + " " + threads
                    + (walker == WalkerKind.NATIVE || walker == WalkerKind.WALK_FILE_TREE ? "" : " " + listing);
        }
    }

    /** The measured walks of one contender: wall and CPU seconds per walk. */
    record Times(List<Double> wall, List<Double> cpu) {
        Times() {
            this(new ArrayList<>(), new ArrayList<>());
        }
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** The command line's model: three positional parameters, the last repeated. */
    static CommandLine commandLine() {
        CommandSpec spec = CommandLines.spec(
                "CompareWalkers",
                "Walks PATH with each WALKER:THREADS[:LISTING] in turn, ROUNDS rounds (the first " + WARM_UP_ROUNDS
                        + " not counted), in one JVM, and prints a Markdown table of each one's median and best wall"
                        + " time, median CPU time and median ÷ NATIVE at the same threads.");
        spec.addPositional(PositionalParamSpec.builder()
                .index("0")
                .paramLabel("PATH")
                .type(String.class)
                .required(true)
                .description("The tree to walk.")
                .build());
        spec.addPositional(PositionalParamSpec.builder()
                .index("1")
                .paramLabel("ROUNDS")
                .type(Long.class)
                .required(true)
                .converters(CommandLines.wholeNumber(WARM_UP_ROUNDS + 1, 100_000))
                .description("Rounds, the " + WARM_UP_ROUNDS + " warm-up ones included.")
                .build());
        spec.addPositional(PositionalParamSpec.builder()
                .index("2..*")
                .arity("1..*")
                .required(true)
                .paramLabel("WALKER:THREADS[:LISTING]")
                .type(List.class)
                .auxiliaryTypes(Contender.class)
                .converters(Contender::parse)
                .description("A walker (" + CommandLines.names(WalkerKind.class) + "), its threads and, for the Java"
                        + " walkers, a listing (" + CommandLines.names(Listing.class) + "; default RELATIVE).")
                .build());
        return new CommandLine(spec);
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine command = commandLine();
        int status = CommandLines.parse(command, args, out, err);
        if (status != CommandLines.RUN) {
            return status;
        }
        List<PositionalParamSpec> positionals = command.getCommandSpec().positionalParameters();
        Path root = Path.of((String) positionals.get(0).getValue());
        int rounds = ((Long) positionals.get(1).getValue()).intValue();
        List<Contender> contenders = positionals.get(2).getValue();
        for (Contender contender : contenders) {
            if (contender.walker().callsLibc(contender.listing())) {
                try {
                    Libc.ensureAvailable();
                } catch (IOException e) {
                    err.println("CompareWalkers: " + contender.label() + " cannot run here: " + e.getMessage());
                    return CommandLines.USAGE;
                }
            }
        }
        Map<Contender, Times> times = new LinkedHashMap<>();
        contenders.forEach(c -> times.put(c, new Times()));
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        WalkResult expected = null;
        for (int round = 0; round < rounds; round++) {
            for (int i = 0; i < contenders.size(); i++) {
                Contender contender = contenders.get((round + i) % contenders.size());
                DirectoryWalker walker = contender.walker().walker(contender.threads(), contender.listing());
                long cpu = os.getProcessCpuTime();
                long start = System.nanoTime();
                WalkResult result = walker.walk(root);
                long wall = System.nanoTime() - start;
                cpu = os.getProcessCpuTime() - cpu;
                if (expected == null) {
                    expected = result;
                } else if (!expected.equals(result)) {
                    err.println(
                            "CompareWalkers: " + contender.label() + " reported " + result + ", before " + expected);
                    return 1;
                }
                if (round >= WARM_UP_ROUNDS) {
                    times.get(contender).wall().add(wall / 1e9);
                    times.get(contender).cpu().add(cpu / 1e9);
                }
            }
        }
        out.print(table(times));
        return 0;
    }

    static String table(Map<Contender, Times> times) {
        StringBuilder table = new StringBuilder(
                "| walker | n | median s | best s | median CPU s | median ÷ NATIVE |\n|---|---|---|---|---|---|\n");
        times.forEach((contender, measured) -> {
            double median = RoundTimes.median(measured.wall());
            String ratio = times.entrySet().stream()
                    .filter(e -> e.getKey().walker() == WalkerKind.NATIVE
                            && e.getKey().threads() == contender.threads())
                    .findFirst()
                    .map(e -> String.format(
                            Locale.ROOT,
                            "%.2f",
                            median / RoundTimes.median(e.getValue().wall())))
                    .orElse("–");
            table.append(String.format(
                    Locale.ROOT,
                    "| %s | %d | %.3f | %.3f | %.3f | %s |%n",
                    contender.label(),
                    measured.wall().size(),
                    median,
                    measured.wall().stream()
                            .mapToDouble(Double::doubleValue)
                            .min()
                            .orElse(Double.NaN),
                    RoundTimes.median(measured.cpu()),
                    ratio));
        });
        return table.toString();
    }
}
