package dev.iolab.loadtest.study;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.sas.BlobContainerSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import dev.iolab.loadtest.GatlingRun;
import dev.iolab.loadtest.RandomUploadFile;
import dev.iolab.loadtest.UploadOutcomes;
import dev.iolab.loadtest.UploadSettings;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.DoubleSupplier;

/**
 * The study's {@code storage} and {@code nginx} ceilings: the cell's Gatling users — the same simulation, the same file,
 * each user from its own client address — PUT the file straight to Azurite with a container SAS (Put Blob), or through
 * nginx in front of it. No service is involved: what the clients and the blob store cost alone, and what the cheapest
 * possible hop adds. Every upload must answer 201 with the file's MD5 (Azurite computes it from what it stored).
 */
final class SasPutCeiling {

    private SasPutCeiling() {}

    /**
     * One untimed upload along the same path first, as the direct row and the service's cells have one: Azurite (and
     * nginx) are not measured cold.
     */
    private static void warmUp(String containerUrl, String sas, Path file) throws IOException, InterruptedException {
        try (HttpClient http = HttpClient.newHttpClient()) {
            HttpResponse<Void> answer = http.send(
                    HttpRequest.newBuilder(URI.create(containerUrl + "/warm-up?" + sas))
                            .timeout(Duration.ofMinutes(2))
                            .header("x-ms-blob-type", "BlockBlob")
                            .PUT(HttpRequest.BodyPublishers.ofFile(file))
                            .build(),
                    HttpResponse.BodyHandlers.discarding());
            if (answer.statusCode() != 201) {
                throw new IllegalStateException(
                        "the warm-up upload to " + containerUrl + " answered " + answer.statusCode());
            }
        }
    }

    /**
     * Runs one ceiling.
     *
     * @param row              {@link StudyResult.Ceiling#STORAGE} or {@link StudyResult.Ceiling#NGINX}
     * @param connectionString Azurite's, to create the container and sign the SAS
     * @param blobEndpoint     where the clients send the bytes: Azurite's or nginx's {@code http://host:port/account}
     * @param hopCpu           CPU seconds of the hop (nginx), or null for none
     * @param storageCpu       CPU seconds of Azurite
     * @param dir              where Gatling's results and log go
     */
    static StudyResult.Ceiling run(
            String row,
            String connectionString,
            String blobEndpoint,
            int fileSizeMb,
            int users,
            DoubleSupplier hopCpu,
            DoubleSupplier storageCpu,
            Path dir,
            Duration timeout)
            throws Exception {
        BlobContainerClient container = CeilingContainer.create(connectionString, "study-" + row);
        try {
            String sas = container.generateSas(new BlobServiceSasSignatureValues(
                    OffsetDateTime.now().plusHours(6),
                    new BlobContainerSasPermission().setCreatePermission(true).setWritePermission(true)));
            String containerUrl = blobEndpoint + "/" + container.getBlobContainerName();
            try (RandomUploadFile warmUp = RandomUploadFile.create(1024 * 1024, 1)) {
                warmUp(containerUrl, sas, warmUp.path());
            }
            Path outcomesFile = dir.resolve("outcomes.json");
            Map<String, String> properties = new LinkedHashMap<>();
            properties.put("strategy", UploadSettings.SAS_PUT);
            properties.put("storageUrl", containerUrl + "?" + sas);
            // Gatling needs a base URL; sas-put never sends a request to it.
            properties.put("baseUrl", blobEndpoint);
            properties.put("fileSizeMb", Integer.toString(fileSizeMb));
            properties.put("users", Integer.toString(users));
            properties.put("capacity", Integer.toString(users));
            properties.put("outcomesFile", outcomesFile.toString());
            CpuWindow cpu = CpuWindow.start(CpuWindow::endedChildren, hopCpu, storageCpu);
            GatlingRun.Result run;
            try {
                run = GatlingRun.run(dir.resolve("gatling"), properties, timeout, false);
            } finally {
                cpu.stop();
            }
            if (!Files.isRegularFile(outcomesFile)) {
                throw new IllegalStateException("the " + row + " row's Gatling run wrote no outcomes (exit "
                        + run.exitCode() + "); log " + run.log() + ":\n" + run.output());
            }
            UploadOutcomes.Summary o = UploadOutcomes.Summary.read(outcomesFile);
            StudyResult.Cpu used = UploadStudy.withGatlingsOwnCpu(UploadStudy.duringBurst(cpu, o), o);
            return new StudyResult.Ceiling(
                    row,
                    fileSizeMb,
                    users,
                    users,
                    users + " Gatling users",
                    o.failed() + o.refused(),
                    o.meanSeconds(),
                    o.p95Seconds(),
                    o.spanSeconds() == null ? Double.NaN : o.spanSeconds(),
                    o.throughputMibPerSecond(),
                    used);
        } finally {
            container.deleteIfExists();
        }
    }
}
