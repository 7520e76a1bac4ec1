const D=require('better-sqlite3');const db=new D(process.argv[2],{readonly:true});
for (const r of db.prepare(process.argv[3]).all()) console.log(Object.values(r).join(' | '));
