console.log("hello from", process.version, process.argv.slice(2));
