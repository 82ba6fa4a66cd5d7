package dev.iolab.loadtest;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The instructions of a Dockerfile, per stage — enough of the format for the checks that run the image's steps
 * outside Docker: {@code FROM … AS name}, {@code WORKDIR}, {@code COPY [--from=stage]}, {@code RUN [--mount=…]},
 * {@code ENV k="v"}, {@code USER}, {@code ENTRYPOINT [exec form]}; line continuations and comments.
 */
record DockerfileModel(List<Stage> stages) {

    /** One instruction: keyword (upper case), its flags ({@code --from=build}) and the rest of the line. */
    record Instruction(String keyword, Map<String, String> flags, String arguments) {}

    /** One build stage. */
    record Stage(String image, String name, List<Instruction> instructions) {

        List<Instruction> all(String keyword) {
            return instructions.stream()
                    .filter(i -> i.keyword().equals(keyword))
                    .toList();
        }

        /** The stage's last WORKDIR. */
        String workdir() {
            List<Instruction> w = all("WORKDIR");
            return w.isEmpty() ? "/" : w.getLast().arguments();
        }

        /** The ENTRYPOINT in exec form. */
        List<String> entrypoint() throws IOException {
            List<Instruction> e = all("ENTRYPOINT");
            if (e.isEmpty()) {
                throw new IllegalStateException("no ENTRYPOINT in stage " + name);
            }
            return Arrays.asList(new ObjectMapper().readValue(e.getLast().arguments(), String[].class));
        }

        /** ENV settings ({@code ENV KEY="value"} or {@code ENV KEY=value}). */
        Map<String, String> env() {
            Map<String, String> env = new LinkedHashMap<>();
            Pattern pair = Pattern.compile("(\\w+)=(\"([^\"]*)\"|(\\S+))");
            for (Instruction i : all("ENV")) {
                Matcher m = pair.matcher(i.arguments());
                while (m.find()) {
                    env.put(m.group(1), m.group(3) != null ? m.group(3) : m.group(4));
                }
            }
            return env;
        }
    }

    static DockerfileModel read(Path file) throws IOException {
        List<String> logical = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            String stripped = line.strip();
            if (current.isEmpty() && (stripped.isEmpty() || stripped.startsWith("#"))) {
                continue;
            }
            if (stripped.startsWith("#")) {
                continue; // a comment inside a continued instruction
            }
            if (stripped.endsWith("\\")) {
                current.append(stripped, 0, stripped.length() - 1).append(' ');
            } else {
                current.append(stripped);
                logical.add(current.toString().replaceAll("\\s+", " ").strip());
                current.setLength(0);
            }
        }
        List<Stage> stages = new ArrayList<>();
        for (String line : logical) {
            String[] split = line.split(" ", 2);
            String keyword = split[0].toUpperCase(java.util.Locale.ROOT);
            String rest = split.length > 1 ? split[1] : "";
            Map<String, String> flags = new LinkedHashMap<>();
            while (rest.startsWith("--")) {
                String[] flag = rest.split(" ", 2);
                int eq = flag[0].indexOf('=');
                flags.put(
                        flag[0].substring(2, eq < 0 ? flag[0].length() : eq), eq < 0 ? "" : flag[0].substring(eq + 1));
                rest = flag.length > 1 ? flag[1] : "";
            }
            if (keyword.equals("FROM")) {
                String[] from = rest.split(" ");
                stages.add(new Stage(
                        from[0],
                        from.length >= 3 && from[1].equalsIgnoreCase("AS") ? from[2] : null,
                        new ArrayList<>()));
            } else if (stages.isEmpty()) {
                throw new IllegalStateException("instruction before FROM: " + line);
            } else {
                stages.getLast().instructions().add(new Instruction(keyword, flags, rest));
            }
        }
        return new DockerfileModel(stages);
    }

    Stage stage(String name) {
        return stages.stream()
                .filter(s -> name.equals(s.name()))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no stage " + name));
    }

    Stage last() {
        return stages.getLast();
    }
}
