package dev.iolab.jmh.plugin;

import dev.iolab.jmh.analysis.profile.ShellWords;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.project.MavenProject;

/** How this build was called, and how to call Maven on the project: for the records and the report's commands. */
final class MavenCommand {

    private MavenCommand() {}

    /**
     * How to call Maven on this project from the top of its build: {@code ./mvnw -pl benchmarks} in a multi-module build
     * with the Maven wrapper, {@code mvn} for a single project without one.
     */
    static String prefix(MavenSession session, MavenProject project) {
        File top = session.getRequest().getMultiModuleProjectDirectory();
        Path root = (top == null ? project.getBasedir() : top)
                .toPath()
                .toAbsolutePath()
                .normalize();
        String maven = Files.isRegularFile(root.resolve("mvnw")) ? "./mvnw" : "mvn";
        Path module = project.getBasedir().toPath().toAbsolutePath().normalize();
        if (module.equals(root) || !module.startsWith(root)) {
            return maven;
        }
        return maven + " -pl " + root.relativize(module).toString().replace(File.separatorChar, '/');
    }

    /** The Maven command as typed, near enough: {@code ./mvnw -pl benchmarks jmh:run -Djmh.profile=standard}. */
    static String asTyped(MavenSession session) {
        StringBuilder command = new StringBuilder("./mvnw");
        List<String> projects = session.getRequest().getSelectedProjects();
        if (projects != null && !projects.isEmpty()) {
            command.append(" -pl ").append(String.join(",", projects));
        }
        session.getRequest().getGoals().forEach(g -> command.append(' ').append(g));
        Map<String, String> properties = new TreeMap<>();
        session.getRequest().getUserProperties().forEach((k, v) -> properties.put(k.toString(), v.toString()));
        command.append(properties.entrySet().stream()
                .map(e -> " " + ShellWords.join(List.of("-D" + e.getKey() + "=" + e.getValue())))
                .collect(Collectors.joining()));
        return command.toString();
    }
}
