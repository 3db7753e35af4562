export * from "./storage";
