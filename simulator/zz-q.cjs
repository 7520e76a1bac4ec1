const D=require('better-sqlite3');const db=new D(process.argv[2],{readonly:true});
console.log(db.prepare(process.argv[3]).all());
