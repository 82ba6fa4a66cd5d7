package dev.iolab.upload;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** Receives files over HTTP and stores them in Azure Blob Storage with one of six upload strategies. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class UploadServiceApplication {

    public static void main(String[] args) {
        SpringApplication.run(UploadServiceApplication.class, args);
    }
}
