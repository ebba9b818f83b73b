// Quiver from C++ (quiver/database.h): open a database, write in a transaction, run a
// prepared query with a parameter, stream its rows, and handle an error.
//
//   cmake -S . -B build -DCMAKE_PREFIX_PATH=<where Quiver is installed> && cmake --build build
//   ./build/quiver_example_cpp /tmp/example-db

#include <iostream>

#include "quiver/database.h"
#include "quiver/quiver.h"  // quiver_libversion(): the C API is callable from C++ too

int main(int argc, char** argv) {
  const std::string path = argc > 1 ? argv[1] : "example-db";
  try {
    std::cout << "quiver " << quiver_libversion() << "\n";
    auto db = quiver::Database::Open(path);
    auto conn = db->Connect();

    // Write in one transaction: all of it becomes visible at Commit, or none of it.
    conn->Begin();
    conn->Query("MATCH (p:Person) DETACH DELETE p");
    quiver::QueryResult created = conn->Query(
        "CREATE (:Person {name: 'Ada', born: 1815}), (:Person {name: 'Grace', born: 1906}), "
        "(:Person {name: 'Edsger', born: 1930})");
    std::cout << "wrote: " << created.summary().counters.ToString() << "\n";
    conn->Commit();

    // A prepared query with a parameter, its rows streamed one at a time.
    auto after = conn->Prepare(
        "MATCH (p:Person) WHERE p.born > $after RETURN p.name AS name, p.born AS born ORDER BY born");
    quiver::QueryResult r = conn->Execute(*after, {{"after", quiver::Value::Int(1900)}});
    std::cout << r.columns()[0] << ", " << r.columns()[1] << "\n";
    while (r.Next()) std::cout << r.row()[0].AsString() << ", " << r.row()[1].AsInt() << "\n";
    std::cout << r.summary().rows << " rows\n";

    // Errors are typed exceptions.
    try {
      conn->Query("MATCH (p:Person RETURN p");
    } catch (const quiver::SyntaxError& e) {
      std::cout << "as expected, a " << quiver::ErrorClassName(e.error_class()) << ": " << e.what() << "\n";
    }
  } catch (const quiver::QuiverError& e) {
    std::cerr << "failed: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
