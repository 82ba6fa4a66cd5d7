package dev.iolab.loadtest.study;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The study's command line ({@code scripts/upload-study.sh --help}). Bad values stop the study before anything starts,
 * with a message naming the option.
 *
 * @param strategies  strategy IDs to run; empty: every strategy the service lists at {@code /actuator/info}
 * @param sizesMb     file sizes of the budget-on pass, MiB
 * @param users       simultaneous uploads per cell, budget-on pass
 * @param budgets     passes to run: {@code true} memory budget on, {@code false} off
 * @param offSizesMb  sizes of the budget-off pass
 * @param offUsers    users of the budget-off pass
 * @param mode        {@code raw} or {@code multipart}
 * @param heap        the service's {@code -Xmx} value, e.g. {@code 512m}
 * @param output      the report to write (charts and CSV beside it)
 * @param direct      measure the {@code direct} row (the Azure SDK alone) beside the strategies
 * @param valetKey    measure the {@code valet-key} row (skipped with a message when the service has no grant endpoint)
 * @param soak        soak mode instead of the matrix: {@code soakUploads} uploads with mixed strategies
 * @param soakUploads uploads the soak sends in all
 * @param soakUsers   concurrent users of the soak (its bound on concurrency)
 * @param soakSizeKb  file size of the soak's uploads, KiB
 * @param serviceArgs extra Spring arguments for the service, e.g. {@code --upload.azure.http-client=jdk}
 * @param cellTimeoutSeconds how long one Gatling run may take before it is killed
 */
record StudyOptions(
        List<String> strategies,
        List<Integer> sizesMb,
        List<Integer> users,
        List<Boolean> budgets,
        List<Integer> offSizesMb,
        List<Integer> offUsers,
        String mode,
        String heap,
        Path output,
        boolean direct,
        boolean valetKey,
        boolean soak,
        int soakUploads,
        int soakUsers,
        int soakSizeKb,
        List<String> serviceArgs,
        int cellTimeoutSeconds) {

    static final String USAGE = """
            Usage: scripts/upload-study.sh [options]
              --strategies LIST   strategy IDs (default: every strategy the service lists at /actuator/info)
              --sizes LIST        file sizes in MiB (default: 1,10)
              --users LIST        simultaneous uploads per cell (default: 125,200)
              --budget LIST       memory budget: on, off or on,off (default: on,off; the off pass shows what it prevents)
              --off-sizes LIST    sizes of the budget-off pass (default: as --sizes)
              --off-users LIST    users of the budget-off pass (default: as --users)
              --mode MODE         raw (PUT body, default) or multipart (POST form)
              --heap SIZE         the service's -Xmx (default 512m, the original's container)
              --direct on|off     the direct row, the Azure SDK alone on the same files and Azurite (default on)
              --valet-key on|off  the valet-key row: grant, PUT to storage, complete (default on; skipped with a
                                  message when the service answers the grant with 404)
              --soak              soak mode: --soak-uploads uploads with mixed strategies, then the heap after GC
              --soak-uploads N    uploads in all (default 10000)
              --soak-users N      concurrent users, the bound on concurrency (default 50)
              --soak-size-kb N    size of each soak upload in KiB (default 256)
              --service-arg ARG   an extra argument for the service (repeatable), e.g. --service-arg=--upload.azure.http-client=jdk
              --cell-timeout S    seconds one Gatling run may take (default 900)
              --output FILE       the report (default docs/results/upload-study.md; docs/results/upload-study-soak.md
                                  with --soak); charts and CSV go beside it
              -h, --help          this help
            """;

    static StudyOptions parse(String... args) {
        List<String> strategies = List.of();
        List<Integer> sizes = List.of(1, 10);
        List<Integer> users = List.of(125, 200);
        List<Boolean> budgets = List.of(true, false);
        List<Integer> offSizes = null;
        List<Integer> offUsers = null;
        String mode = "raw";
        String heap = "512m";
        Path output = null;
        boolean direct = true;
        boolean valetKey = true;
        boolean soak = false;
        int soakUploads = 10_000;
        int soakUsers = 50;
        int soakSizeKb = 256;
        List<String> serviceArgs = new ArrayList<>();
        int cellTimeout = 900;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String name = arg;
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                name = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            switch (name) {
                case "--soak" -> soak = true;
                case "-h", "--help" -> throw new HelpRequested();
                default -> {
                    if (value == null) {
                        if (i + 1 >= args.length) {
                            throw new IllegalArgumentException(name + " needs a value");
                        }
                        value = args[++i];
                    }
                    switch (name) {
                        case "--strategies" -> strategies = words(name, value);
                        case "--sizes" -> sizes = numbers(name, value, 2047);
                        case "--users" -> users = numbers(name, value, 100_000);
                        case "--budget" -> budgets = budgets(value);
                        case "--off-sizes" -> offSizes = numbers(name, value, 2047);
                        case "--off-users" -> offUsers = numbers(name, value, 100_000);
                        case "--mode" -> {
                            if (!value.equals("raw") && !value.equals("multipart")) {
                                throw new IllegalArgumentException(
                                        "--mode takes raw or multipart, got '" + value + "'");
                            }
                            mode = value;
                        }
                        case "--heap" -> {
                            if (!value.matches("[1-9][0-9]*[mMgG]")) {
                                throw new IllegalArgumentException(
                                        "--heap takes a size like 512m or 1g, got '" + value + "'");
                            }
                            heap = value;
                        }
                        case "--direct" -> direct = onOff(name, value);
                        case "--valet-key" -> valetKey = onOff(name, value);
                        case "--soak-uploads" ->
                            soakUploads = numbers(name, value, 10_000_000).getFirst();
                        case "--soak-users" ->
                            soakUsers = numbers(name, value, 10_000).getFirst();
                        case "--soak-size-kb" ->
                            soakSizeKb = numbers(name, value, 2047 * 1024).getFirst();
                        case "--service-arg" -> serviceArgs.add(value);
                        case "--cell-timeout" ->
                            cellTimeout = numbers(name, value, 86_400).getFirst();
                        case "--output" -> output = Path.of(value);
                        default -> throw new IllegalArgumentException("unknown option '" + name + "'");
                    }
                }
            }
        }
        if (soak && soakUploads < soakUsers) {
            throw new IllegalArgumentException(
                    "--soak-uploads (" + soakUploads + ") must be at least --soak-users (" + soakUsers + ")");
        }
        if (output == null) {
            output = Path.of(soak ? "docs/results/upload-study-soak.md" : "docs/results/upload-study.md");
        }
        return new StudyOptions(
                strategies,
                sizes,
                users,
                budgets,
                offSizes != null ? offSizes : sizes,
                offUsers != null ? offUsers : users,
                mode,
                heap,
                output,
                direct,
                valetKey,
                soak,
                soakUploads,
                soakUsers,
                soakSizeKb,
                List.copyOf(serviceArgs),
                cellTimeout);
    }

    /** Thrown for {@code --help}: the caller prints {@link #USAGE}. */
    static final class HelpRequested extends RuntimeException {
        HelpRequested() {
            super("help", null, false, false);
        }
    }

    /** Sizes and users of the pass with the budget on ({@code true}) or off. */
    List<Integer> sizesOf(boolean budget) {
        return budget ? sizesMb : offSizesMb;
    }

    List<Integer> usersOf(boolean budget) {
        return budget ? users : offUsers;
    }

    private static List<String> words(String name, String value) {
        List<String> out = new ArrayList<>();
        for (String s : value.split(",")) {
            if (!s.isBlank()) {
                out.add(s.strip());
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(name + " needs at least one value");
        }
        return List.copyOf(out);
    }

    private static List<Integer> numbers(String name, String value, int max) {
        List<Integer> out = new ArrayList<>();
        for (String s : words(name, value)) {
            try {
                int n = Integer.parseInt(s);
                if (n < 1 || n > max) {
                    throw new NumberFormatException();
                }
                out.add(n);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        name + " takes whole numbers from 1 to " + max + ", got '" + s + "'");
            }
        }
        return List.copyOf(out);
    }

    private static List<Boolean> budgets(String value) {
        List<Boolean> out = new ArrayList<>();
        for (String s : words("--budget", value)) {
            out.add(onOff("--budget", s));
        }
        return List.copyOf(out);
    }

    private static boolean onOff(String name, String value) {
        return switch (value) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new IllegalArgumentException(name + " takes on or off, got '" + value + "'");
        };
    }
}
