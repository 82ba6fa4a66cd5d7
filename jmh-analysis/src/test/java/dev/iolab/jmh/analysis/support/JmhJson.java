package dev.iolab.jmh.analysis.support;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes JMH result files in the exact shape JMH 1.37 produces ({@code -rf json}; compare
 * {@code jmh/real-two-forks-syscalls.json}, captured from a real run): one object per cell with the run settings,
 * {@code params}, a {@code primaryMetric} with {@code rawData} per fork, and {@code secondaryMetrics}, each with its
 * own {@code rawData}. Tests state their data with it instead of hiding it in large files.
 */
public final class JmhJson {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final List<Entry> entries = new ArrayList<>();

    public static JmhJson results() {
        return new JmhJson();
    }

    /** A new cell of {@code benchmark} in mode {@code avgt}, ms/op, 2 forks × 5 iterations unless set otherwise. */
    public Entry entry(String benchmark) {
        Entry e = new Entry(this, benchmark);
        entries.add(e);
        return e;
    }

    public Path write(Path file) throws IOException {
        ArrayNode array = JSON.createArrayNode();
        entries.forEach(e -> array.add(e.node()));
        Files.writeString(file, JSON.writeValueAsString(array));
        return file;
    }

    /** One cell. */
    public static final class Entry {
        private final JmhJson owner;
        private final String benchmark;
        private String mode = "avgt";
        private String unit = "ms/op";
        private int warmupIterations = 3;
        private final Map<String, String> params = new LinkedHashMap<>();
        private double[][] primary = {{1}};
        private final Map<String, Object[]> secondary = new LinkedHashMap<>();

        Entry(JmhJson owner, String benchmark) {
            this.owner = owner;
            this.benchmark = benchmark;
        }

        public Entry mode(String mode, String unit) {
            this.mode = mode;
            this.unit = unit;
            return this;
        }

        public Entry param(String name, String value) {
            params.put(name, value);
            return this;
        }

        /** The measured iterations of each fork. */
        public Entry primary(double[]... forks) {
            this.primary = forks;
            return this;
        }

        /** Two forks of 5 iterations spread evenly (±spread) around {@code value}, no trend. */
        public Entry around(double value, double spread) {
            double[] offsets = {0, 1, -1, 0.5, -0.5};
            double[] a = new double[5];
            double[] b = new double[5];
            for (int i = 0; i < 5; i++) {
                a[i] = value * (1 + spread * offsets[i]);
                b[i] = value * (1 + spread * offsets[(i + 2) % 5]);
            }
            return primary(a, b);
        }

        /**
         * {@code count} forks of 5 iterations: fork {@code f}'s level is {@code value · (1 + spread · o(f))}, the
         * offsets {@code o} 0, +1, −1, +½, −½, +¼, −¼, … (so the forks' spread grows with {@code spread}), and its
         * iterations lie within ±0.5 % of that level, no trend.
         */
        public Entry forks(int count, double value, double spread) {
            double[] iterations = {0, 0.005, -0.005, 0.0025, -0.0025};
            double[][] forks = new double[count][5];
            for (int f = 0; f < count; f++) {
                double offset = f == 0 ? 0 : (f % 2 == 1 ? 1 : -1) / Math.pow(2, (f - 1) / 2);
                double level = value * (1 + spread * offset);
                for (int i = 0; i < 5; i++) {
                    forks[f][i] = level * (1 + iterations[(i + f) % 5]);
                }
            }
            return primary(forks);
        }

        public Entry secondary(String name, String unit, double[]... forks) {
            secondary.put(name, new Object[] {unit, forks});
            return this;
        }

        /** Another entry of the same file. */
        public Entry entry(String benchmark) {
            return owner.entry(benchmark);
        }

        public Path write(Path file) throws IOException {
            return owner.write(file);
        }

        ObjectNode node() {
            ObjectNode n = JSON.createObjectNode();
            n.put("jmhVersion", "1.37");
            n.put("benchmark", benchmark);
            n.put("mode", mode);
            n.put("threads", 1);
            n.put("forks", primary.length);
            n.put("jvm", "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");
            ArrayNode jvmArgs = n.putArray("jvmArgs");
            jvmArgs.add("--sun-misc-unsafe-memory-access=allow");
            jvmArgs.add("--enable-native-access=ALL-UNNAMED");
            n.put("jdkVersion", "25.0.3");
            n.put("vmName", "OpenJDK 64-Bit Server VM");
            n.put("vmVersion", "25.0.3+9-LTS");
            n.put("warmupIterations", warmupIterations);
            n.put("warmupTime", mode.equals("ss") ? "single-shot" : "500 ms");
            n.put("warmupBatchSize", 1);
            n.put("measurementIterations", primary[0].length);
            n.put("measurementTime", mode.equals("ss") ? "single-shot" : "500 ms");
            n.put("measurementBatchSize", 1);
            ObjectNode p = n.putObject("params");
            params.forEach(p::put);
            n.set("primaryMetric", metric(unit, primary));
            ObjectNode s = n.putObject("secondaryMetrics");
            secondary.forEach((name, value) -> s.set(name, metric((String) value[0], (double[][]) value[1])));
            return n;
        }

        private static ObjectNode metric(String unit, double[][] forks) {
            double[] all = Arrays.stream(forks).flatMapToDouble(Arrays::stream).toArray();
            double mean = Arrays.stream(all).average().orElse(Double.NaN);
            ObjectNode m = JSON.createObjectNode();
            m.put("score", mean);
            m.put("scoreError", all.length > 2 ? Math.abs(mean) * 0.1 : Double.NaN);
            ArrayNode confidence = m.putArray("scoreConfidence");
            confidence.add(mean * 0.9);
            confidence.add(mean * 1.1);
            ObjectNode percentiles = m.putObject("scorePercentiles");
            double[] sorted = all.clone();
            Arrays.sort(sorted);
            for (String q :
                    List.of("0.0", "50.0", "90.0", "95.0", "99.0", "99.9", "99.99", "99.999", "99.9999", "100.0")) {
                int index = (int) Math.min(sorted.length - 1, Math.floor(Double.parseDouble(q) / 100 * sorted.length));
                percentiles.put(q, sorted[index]);
            }
            m.put("scoreUnit", unit);
            ArrayNode raw = m.putArray("rawData");
            for (double[] fork : forks) {
                ArrayNode f = raw.addArray();
                for (double v : fork) {
                    f.add(v);
                }
            }
            return m;
        }
    }
}
