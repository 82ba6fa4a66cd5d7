package dev.iolab.upload;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** Receives files over HTTP and stores them in Azure Blob Storage with one of six upload strategies. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class UploadServiceApplication {

    /**
     * Chunks a pushed request body asks Reactor Netty to queue ahead of its writes, unless set on the command line:
     * read once, when Reactor Netty's classes load, so it is set before anything else runs.
     */
    static final String SEND_PREFETCH = "12";

    public static void main(String[] args) {
        // 12 chunks of 64 KiB: the same 768 KiB a slower store can leave queued as Reactor Netty's default 128 of
        // 6 KiB, in a tenth of the hand-offs to the event loop, which costs the service less CPU per upload (figures:
        // docs/results/upload-service-measurements.md, "what one hop costs").
        if (System.getProperty("reactor.netty.send.maxPrefetchSize") == null) {
            System.setProperty("reactor.netty.send.maxPrefetchSize", SEND_PREFETCH);
        }
        SpringApplication.run(UploadServiceApplication.class, args);
    }
}
